import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  DASHBOARD,
  DASHBOARD_RULES,
  PRODUCT_FORM,
  PRODUCT_ID_PATTERN,
  type CartResponse,
  type PlaceOrderResponse,
} from '@otaku/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, multipart, pngImage, type TestAccount } from '../../../test/staff';
import { useTestApp } from '../../../test/helpers';
import { products, productVariants } from '../../db/schema/index';

const t = useTestApp();
let admin: TestAccount;
let shopper: TestAccount;
let png: Buffer;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  shopper = await createAccount(t.database, t.config.jwtSecret, 'user');
  png = await pngImage();
});

const comic = (overrides: Record<string, string | undefined> = {}) => ({
  name: 'Moon Blade Vol. Set',
  description: 'A sword saga.',
  price: '12.5',
  category: 'comics',
  genres: JSON.stringify(['action', 'Fantasy']),
  volumes: JSON.stringify(['V1', 'v2']),
  stock: JSON.stringify({ V1: 4, V2: 0 }),
  ...overrides,
});

async function send(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string | undefined>,
  file: Buffer | null = png,
  account: TestAccount | null = admin,
) {
  const body = await multipart({
    ...fields,
    image: file ? { name: 'cover.png', type: 'image/png', data: file } : undefined,
  });
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(account ? account.headers : {}) },
  });
}
const create = (fields: Record<string, string | undefined>, file: Buffer | null = png) =>
  send('POST', '/api/product/createProduct', fields, file);

describe('POST /api/product/createProduct', () => {
  it('creates a comic with variant stock and a WebP image in two sizes', async () => {
    const res = await create(comic());
    expect(res.statusCode).toBe(201);
    const { product, message } = res.json();
    expect(product.productID).toMatch(PRODUCT_ID_PATTERN);
    expect(product.productID.startsWith('COM-')).toBe(true);
    expect(message).toBe(DASHBOARD.productCreated(product.productID));
    const [row] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, product.productID));
    expect(row).toMatchObject({ priceCents: 1250, genres: ['action', 'fantasy'] });
    expect(row!.image).toBe(`/uploads/products/${product.productID}`);
    const variants = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.productID));
    expect(variants.map((v) => [v.variant, v.stock]).sort()).toEqual([
      ['V1', 4],
      ['V2', 0],
    ]);
    for (const width of [400, 800]) {
      const file = path.join(t.config.uploadsDir, 'products', `${product.productID}-${width}.webp`);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
    }
  });

  it('creates clothes with stock per size and a toy with a single stock', async () => {
    const clothes = await create({
      ...comic({ category: 'clothes', merchType: 'jacket', genres: undefined, volumes: undefined }),
      sizes: 'M,XL',
      stock: JSON.stringify({ M: 2, XL: 1 }),
    });
    expect(clothes.statusCode).toBe(201);
    const toy = await create(
      comic({
        category: 'toys',
        toyType: 'car',
        genres: undefined,
        volumes: undefined,
        stock: '7',
      }),
    );
    expect(toy.statusCode).toBe(201);
    const [single] = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, toy.json().product.productID));
    expect(single).toMatchObject({ variant: '', stock: 7 });
  });

  it.each([
    [{ name: '' }, PRODUCT_FORM.nameRequired],
    [{ description: ' ' }, PRODUCT_FORM.descriptionRequired],
    [{ price: '' }, PRODUCT_FORM.priceRequired],
    [{ category: undefined }, PRODUCT_FORM.categoryRequired],
    [{ volumes: '' }, PRODUCT_FORM.volumesRequired],
    [{ volumes: 'V1, Vol2' }, PRODUCT_FORM.volumeFormat('Vol2')],
    [{ volumes: 'V1, V1' }, PRODUCT_FORM.volumeDuplicate],
    [{ stock: JSON.stringify({ V1: 3 }) }, PRODUCT_FORM.volumeStockRequired('V2')],
    [{ stock: JSON.stringify({ V1: -1, V2: 1 }) }, PRODUCT_FORM.stockNegative],
    [{ stock: JSON.stringify({ V1: 'lots', V2: 1 }) }, PRODUCT_FORM.notANumber],
    [{ stock: '{not json' }, DASHBOARD_RULES.stockInvalidJson],
    [
      { category: 'shoes', volumes: undefined, sizes: 'M', stock: '{}' },
      PRODUCT_FORM.merchTypeRequired,
    ],
    [
      { category: 'clothes', merchType: 't-shirt', volumes: undefined, sizes: 'S', stock: '{}' },
      PRODUCT_FORM.sizeStockRequired('S'),
    ],
    [{ category: 'toys', volumes: undefined, stock: '3' }, PRODUCT_FORM.toyTypeRequired],
    [
      { category: 'toys', toyType: 'car', volumes: undefined, stock: '' },
      PRODUCT_FORM.stockRequired,
    ],
  ])('refuses %j with the form message', async (overrides, message) => {
    const res = await create(comic(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('requires an image on create', async () => {
    const res = await create(comic(), null);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PRODUCT_FORM.imageRequired);
  });

  it('refuses a text file renamed to .png with 415', async () => {
    const res = await create(comic(), Buffer.from('hello, I am only text pretending to be art'));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(DASHBOARD_RULES.imageUnsupported);
  });

  it('refuses an 11 MB file with 413', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0);
    png.copy(big); // a real PNG signature: the size alone must refuse it
    const res = await create(comic(), big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(DASHBOARD_RULES.imageTooLarge);
  });

  it('refuses a small file that would decode to more than 40 megapixels', async () => {
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#000000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await create(comic(), bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(DASHBOARD_RULES.imageTooManyPixels);
  });

  it('refuses a file with an image signature that is not an image', async () => {
    const fake = Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]);
    const res = await create(comic(), fake);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DASHBOARD_RULES.imageUnreadable);
  });
});

/** Reserves units for the shopper (the cart's add call), or reads their cart. */
const shopperCart = (payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: payload ? '/api/reserveStock' : '/api/cart',
    headers: shopper.headers,
    ...(payload ? { payload } : {}),
  });

/** Places the shopper's cart as a cash-on-delivery order and returns its lines. */
async function placeCashOrder() {
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/order/placeOrder',
    headers: shopper.headers,
    payload: { deliveryAddress: '1 Test Street, Tokyo', paymentMethod: 'cod' },
  });
  expect(order.statusCode).toBe(201);
  return order.json<PlaceOrderResponse>().order.products;
}

describe('PUT /api/product/updateProduct and POST /api/product/deleteProduct', () => {
  it('edits fields, stock and image, then deletes with the product ID', async () => {
    const id = (await create(comic())).json().product.productID as string;
    const edit = await send(
      'PUT',
      '/api/product/updateProduct',
      comic({
        productID: id,
        name: 'Moon Blade Deluxe',
        volumes: 'V1, V3',
        stock: JSON.stringify({ V1: 9, V3: 2 }),
        image: `/uploads/products/${id}-400.webp`,
      }),
      null,
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json().message).toBe(DASHBOARD.productUpdated);
    const variants = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, id));
    expect(variants.map((v) => [v.variant, v.stock]).sort()).toEqual([
      ['V1', 9],
      ['V3', 2],
    ]);

    const withImage = await send('PUT', '/api/product/updateProduct', comic({ productID: id }));
    const image = withImage.json().product.image as string;
    expect(image).toMatch(/-800\.webp$/);
    expect(image).not.toBe(`/uploads/products/${id}-800.webp`);
    expect(existsSync(path.join(t.config.uploadsDir, image.slice('/uploads/'.length)))).toBe(true);
    expect(existsSync(path.join(t.config.uploadsDir, 'products', `${id}-800.webp`))).toBe(false);

    const del = await t.app.inject({
      method: 'POST',
      url: '/api/product/deleteProduct',
      headers: admin.headers,
      payload: { productID: id },
    });
    expect(del.json()).toEqual({ success: true, message: DASHBOARD.productDeleted });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/product/deleteProduct',
      headers: admin.headers,
      payload: { productID: id },
    });
    expect(again.statusCode).toBe(404);
  });

  it('takes a removed variant out of the carts that held it, and keeps the others', async () => {
    const id = (
      await create(comic({ volumes: 'V1, V2', stock: JSON.stringify({ V1: 4, V2: 3 }) }))
    ).json().product.productID as string;
    expect((await shopperCart({ productId: id, variant: 'V1', quantity: 1 })).statusCode).toBe(200);
    expect((await shopperCart({ productId: id, variant: 'V2', quantity: 2 })).statusCode).toBe(200);

    const edit = await send(
      'PUT',
      '/api/product/updateProduct',
      comic({ productID: id, volumes: 'V1', stock: JSON.stringify({ V1: 3 }) }),
      null,
    );
    expect(edit.statusCode).toBe(200);
    const lines = (await shopperCart()).json().cartItems as CartResponse['cartItems'];
    expect(lines.map((l) => [l.selectedVariant, l.itemQuantity])).toEqual([['V1', 1]]);
    // Nothing left to order from a variant that is gone.
    const ordered = await placeCashOrder();
    expect(ordered.map((line) => [line.variant, line.quantity])).toEqual([['V1', 1]]);
  });

  it('changes stock by what the edit changed, not back to the count the form was opened with', async () => {
    const id = (
      await create(comic({ volumes: 'V1, V2', stock: JSON.stringify({ V1: 10, V2: 5 }) }))
    ).json().product.productID as string;
    const opened = JSON.stringify({ V1: 10, V2: 5 });
    // While the form is open, shoppers reserve units of both volumes.
    expect((await shopperCart({ productId: id, variant: 'V1', quantity: 3 })).statusCode).toBe(200);
    expect((await shopperCart({ productId: id, variant: 'V2', quantity: 2 })).statusCode).toBe(200);
    const stockNow = async () =>
      Object.fromEntries(
        (
          await t.database.db
            .select()
            .from(productVariants)
            .where(eq(productVariants.productId, id))
        ).map((v) => [v.variant, v.stock]),
      );
    const save = (stock: object, stockSeen: string | undefined) =>
      send(
        'PUT',
        '/api/product/updateProduct',
        comic({
          productID: id,
          volumes: 'V1, V2',
          stock: JSON.stringify(stock),
          stockSeen,
          image: `/uploads/products/${id}-400.webp`,
        }),
        null,
      );

    // Two more of V1 arrived; V2 was left as it was.
    expect((await save({ V1: 12, V2: 5 }, opened)).statusCode).toBe(200);
    expect(await stockNow()).toEqual({ V1: 9, V2: 3 });
    // Lowering past what is left stops at none.
    expect((await save({ V1: 0, V2: 5 }, JSON.stringify({ V1: 12, V2: 5 }))).statusCode).toBe(200);
    expect(await stockNow()).toEqual({ V1: 0, V2: 3 });
    // A client that does not say what it saw sets the counts, as before.
    expect((await save({ V1: 4, V2: 4 }, undefined)).statusCode).toBe(200);
    expect(await stockNow()).toEqual({ V1: 4, V2: 4 });

    for (const bad of ['nope', JSON.stringify({ V1: -1 }), JSON.stringify({ V1: 1.5 })]) {
      const res = await save({ V1: 4, V2: 4 }, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DASHBOARD_RULES.stockInvalidJson);
    }
    await placeCashOrder();
  });

  it('keeps the picture an order shows when the product gets a new one or is deleted', async () => {
    const id = (await create(comic())).json().product.productID as string;
    // A picture by its base (`/uploads/products/<key>`) or its URL in an answer (…-800.webp).
    const stored = (image: string) =>
      existsSync(
        path.join(
          t.config.uploadsDir,
          `${image.slice('/uploads/'.length).replace(/-800\.webp$/, '')}-400.webp`,
        ),
      );
    const reserve = await shopperCart({ productId: id, variant: 'V1', quantity: 1 });
    expect(reserve.statusCode).toBe(200);
    const bought = (await placeCashOrder())[0]!.productId.image;
    expect(bought).toBe(`/uploads/products/${id}-400.webp`);

    const newPicture = async () =>
      (await send('PUT', '/api/product/updateProduct', comic({ productID: id }))).json().product
        .image as string;
    const second = await newPicture();
    const third = await newPicture();
    expect(stored(`/uploads/products/${id}`)).toBe(true);
    expect(stored(second)).toBe(false); // nothing showed it
    expect(stored(third)).toBe(true);

    const del = await t.app.inject({
      method: 'POST',
      url: '/api/product/deleteProduct',
      headers: admin.headers,
      payload: { productID: id },
    });
    expect(del.statusCode).toBe(200);
    expect(stored(third)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: bought })).statusCode).toBe(200);
  });

  it('requires the product ID on edit', async () => {
    const res = await send('PUT', '/api/product/updateProduct', comic(), null);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PRODUCT_FORM.productIdRequired);
  });

  it('asks for a product ID to delete, and refuses shoppers', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/product/deleteProduct',
      headers: admin.headers,
      payload: { productID: ' ' },
    });
    expect(empty.json().message).toBe(PRODUCT_FORM.deleteIdRequired);
    const shopperDelete = await t.app.inject({
      method: 'POST',
      url: '/api/product/deleteProduct',
      headers: shopper.headers,
      payload: { productID: 'COM-000000' },
    });
    expect(shopperDelete.statusCode).toBe(403);
  });
});

describe('GET /api/product/dashboardProducts', () => {
  it('pages the filtered catalog by 20 for staff only', async () => {
    const id = (await create(comic({ name: 'Listed Comic' }))).json().product.productID as string;
    const query = encodeURIComponent(JSON.stringify({ category: 'comics', page: 1 }));
    const url = `/api/product/dashboardProducts?productConstraints=${query}`;
    const res = await t.app.inject({ url, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().pageSize).toBe(20);
    expect(res.json().currPageProducts.map((p: { productID: string }) => p.productID)).toContain(
      id,
    );
    expect((await t.app.inject({ url, headers: shopper.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
