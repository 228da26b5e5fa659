/**
 * A product's `image` is a URL string that loads in every answer that carries a product, cart
 * line or order line (spec §3, DESIGN.md §4): list, detail, suggestions, cart, orders, create
 * and update; the responsive sizes travel beside it as `images`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { createAccount, multipart, pngImage, type TestAccount } from '../../../test/staff';
import { shopperCalls, signedInShopper } from '../../../test/checkout-fixtures';

const t = useTestApp();
let admin: TestAccount;
let png: Buffer;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  png = await pngImage();
});

async function save(method: 'POST' | 'PUT', fields: Record<string, string>) {
  const body = await multipart({
    ...fields,
    image: { name: 'cover.png', type: 'image/png', data: png },
  });
  return t.app.inject({
    method,
    url: method === 'POST' ? '/api/product/createProduct' : '/api/product/updateProduct',
    payload: body.payload,
    headers: { ...body.headers, ...admin.headers },
  });
}

/** Fails unless `url` is a string that the shop answers with a WebP picture. */
async function expectLoads(url: unknown, where: string) {
  expect(typeof url, where).toBe('string');
  const res = await t.app.inject({ url: url as string });
  expect(res.statusCode, `${where}: ${String(url)}`).toBe(200);
  expect(res.headers['content-type'], where).toBe('image/webp');
}

describe("a product's picture in every answer", () => {
  it('is a URL string that loads, with the sizes beside it', async () => {
    const name = 'Picturesque Zephyr Figure';
    const toy = { name, description: 'A figure.', price: '20', category: 'toys', toyType: 'car' };
    const created = await save('POST', { ...toy, stock: '9' });
    expect(created.statusCode).toBe(201);
    const { productID, image: createdImage } = created.json().product;
    await expectLoads(createdImage, 'create');

    const updated = await save('PUT', { ...toy, productID, stock: '8' });
    expect(updated.statusCode).toBe(200);
    await expectLoads(updated.json().product.image, 'update');

    const detail = (await t.app.inject({ url: `/api/product/${productID}` })).json().product;
    await expectLoads(detail.image, 'detail');
    await expectLoads(detail.images.small, 'detail, small');
    await expectLoads(detail.images.large, 'detail, large');

    const constraints = JSON.stringify({ category: 'toys', searchQuery: name });
    const list = await t.app.inject({
      url: `/api/product/getProducts?productConstraints=${encodeURIComponent(constraints)}`,
    });
    const listed = list
      .json()
      .currPageProducts.find((p: { productID: string }) => p.productID === productID);
    await expectLoads(listed?.image, 'list');

    const suggestions = await t.app.inject({
      url: `/api/search/products?data=${encodeURIComponent(name)}`,
    });
    const suggested = suggestions
      .json()
      .products.find((p: { productID: string }) => p.productID === productID);
    await expectLoads(suggested?.image, 'suggestions');

    const shopper = await signedInShopper(t.database.db, t.config);
    const calls = shopperCalls(t.app, shopper);
    expect((await calls.reserve(productID, 1)).statusCode).toBe(200);
    const cart = (await calls.readCart()).json();
    await expectLoads(cart.cartItems[0]?.image, 'cart');

    const placed = await calls.placeCashOrder();
    expect(placed.statusCode).toBe(201);
    await expectLoads(placed.json().order.products[0]?.productId.image, 'placed order');
    const history = await t.app.inject({
      url: '/api/order/getOrders?currPage=1',
      headers: shopper.headers,
    });
    await expectLoads(
      history.json().paginatedOrders[0]?.products[0]?.productId.image,
      'purchase history',
    );
  });
});
