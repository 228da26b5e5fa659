import { CATALOG, VALIDATION, type GetProductResponse, type Product } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { createCatalogProduct, type CatalogProduct } from '../../../test/catalog-factories';

const t = useTestApp();
let comic: CatalogProduct;
let tee: CatalogProduct;
let toy: CatalogProduct;
let soldOutToy: CatalogProduct;

beforeAll(async () => {
  const db = t.database.db;
  comic = await createCatalogProduct(db, {
    category: 'comics',
    name: 'One Piece Vol. 2',
    description: 'Pirates!',
    genres: ['adventure', 'comedy'],
    priceCents: 1050,
    // Stored out of order on purpose: the API lists volumes by number.
    stock: { V10: 1, V2: 0, V1: 4 },
  });
  tee = await createCatalogProduct(db, {
    category: 'clothes',
    name: 'Survey Corps Tee',
    merchType: 't-shirt',
    priceCents: 2500,
    stock: { XL: 0, S: 3, M: 0 },
  });
  toy = await createCatalogProduct(db, { category: 'toys', toyType: 'car', stock: { '': 7 } });
  soldOutToy = await createCatalogProduct(db, { category: 'toys', stock: { '': 0 } });
});

const getProduct = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/product/${encodeURIComponent(id)}` });

describe('GET /api/product/:productID', () => {
  it('answers a comic with its volumes, genres and stock per volume', async () => {
    const res = await getProduct(comic.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<GetProductResponse>()).toEqual({
      success: true,
      product: {
        _id: comic.id,
        productID: comic.id,
        name: 'One Piece Vol. 2',
        description: 'Pirates!',
        price: 10.5,
        category: 'comics',
        image: `/uploads/products/${comic.id}-800.webp`,
        images: {
          small: `/uploads/products/${comic.id}-400.webp`,
          large: `/uploads/products/${comic.id}-800.webp`,
          width: 800,
          height: 1067,
        },
        genres: ['adventure', 'comedy'],
        volumes: ['V1', 'V2', 'V10'],
        sizes: [],
        merchType: null,
        toyType: null,
        stock: { V1: 4, V2: 0, V10: 1 },
        inStock: true,
        limitPerCustomer: null,
        saleStartsAt: null,
      } satisfies Product,
    });
  });

  it('answers clothes with sizes from small to large', async () => {
    const { product } = (await getProduct(tee.id)).json<GetProductResponse>();
    expect(product).toMatchObject({
      sizes: ['S', 'M', 'XL'],
      volumes: [],
      stock: { S: 3, M: 0, XL: 0 },
      merchType: 't-shirt',
      inStock: true,
    });
  });

  it('answers a toy with one number of stock', async () => {
    const { product } = (await getProduct(toy.id)).json<GetProductResponse>();
    expect(product).toMatchObject({ stock: 7, inStock: true, toyType: 'car', sizes: [] });
    const soldOut = (await getProduct(soldOutToy.id)).json<GetProductResponse>().product;
    expect(soldOut).toMatchObject({ stock: 0, inStock: false });
  });

  it('finds a product by its id typed in lower case', async () => {
    const res = await getProduct(comic.id.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json<GetProductResponse>().product.productID).toBe(comic.id);
  });

  it.each(['COM-ZZZZZZ', 'not-an-id', ':COM-ZZZZZZ'])('answers 404 for %s', async (id) => {
    const res = await getProduct(id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: CATALOG.productNotFound,
    });
  });
});

describe('GET /api/product/verifyStock', () => {
  const verify = (query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/product/verifyStock?${new URLSearchParams(query)}`,
    });

  it('says a quantity is in stock', async () => {
    const res = await verify({ itemName: comic.id, selectedVariant: 'V1', itemQuantity: '4' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      productID: comic.id,
      variant: 'V1',
      stock: 4,
      inStock: true,
      message: CATALOG.inStock,
    });
  });

  it('says how many are left when fewer than asked for remain', async () => {
    const res = await verify({ itemName: comic.id, selectedVariant: 'v1', itemQuantity: '5' });
    expect(res.json()).toMatchObject({ stock: 4, inStock: false, message: CATALOG.onlyLeft(4) });
  });

  it('says an empty variant is out of stock, in the spec words', async () => {
    const res = await verify({ itemName: tee.id, selectedVariant: 'M', itemQuantity: '1' });
    expect(res.json()).toMatchObject({
      stock: 0,
      inStock: false,
      message: VALIDATION.variantOutOfStock,
    });
  });

  it('finds a product by its exact name and ignores a variant for single-stock products', async () => {
    const res = await verify({ itemName: toy.name, selectedVariant: '', itemQuantity: '2' });
    expect(res.json()).toMatchObject({ productID: toy.id, variant: '', stock: 7, inStock: true });
  });

  it('asks for a variant when the product has variants', async () => {
    const res = await verify({ itemName: comic.id, itemQuantity: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: VALIDATION.variantRequired,
      field: 'selectedVariant',
    });
  });

  it('answers 404 for an unknown product or variant', async () => {
    const noProduct = await verify({ itemName: 'Nothing Like It', itemQuantity: '1' });
    expect(noProduct.statusCode).toBe(404);
    expect(noProduct.json()).toMatchObject({ message: CATALOG.productNotFound });
    const noVariant = await verify({ itemName: comic.id, selectedVariant: 'V9' });
    expect(noVariant.statusCode).toBe(404);
    expect(noVariant.json()).toMatchObject({ message: CATALOG.variantNotFound });
  });
});
