/**
 * Orders holding pre-orders (decision 167): each line keeps its release date as it was ordered
 * (cash or card), shown in the confirmation, the history, the order mail and the dashboard;
 * staff list the orders waiting for a release and see the units pre-ordered; on the release
 * date the product becomes ordinary stock and its orders wait no more.
 */
import {
  PREORDER,
  PREORDER_RULES,
  type DashboardProductsResponse,
  type Order,
} from '@otaku/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createProduct,
  shopperCalls,
  signedInShopper,
  stockOf,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';
import { useTestApp } from '../../../test/helpers';
import { day, setPreorder } from '../../../test/preorder-fixtures';
import { createAccount, type TestAccount } from '../../../test/staff';
import { products } from '../../db/schema/index';
import { releaseDuePreorders } from '../products-admin/products-admin.repo';

const t = useTestApp();
let admin: TestAccount;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
});

async function preorder(releaseIn: number, stock = 20): Promise<ProductFixture> {
  const product = await createProduct(t.database.db, { stock: { '': stock } });
  await setPreorder(t.database.db, product.id, day(releaseIn));
  return product;
}

/** A new shopper who ordered `units` of each product, by cash on delivery. */
async function cashOrder(lines: [ProductFixture, number][]) {
  const who = await signedInShopper(t.database.db, t.config);
  const calls = shopperCalls(t.app, who);
  for (const [product, units] of lines)
    expect((await calls.reserve(product.id, units)).statusCode).toBe(200);
  const placed = await calls.placeCashOrder();
  expect(placed.statusCode).toBe(201);
  return { who, order: placed.json().order as Order };
}

const lineOf = (order: Order, product: ProductFixture) =>
  order.products.find((p) => p.productId._id === product.id);

const history = async (who: Shopper) =>
  (await t.app.inject({ url: '/api/order/getOrders', headers: who.headers })).json()
    .paginatedOrders as Order[];

const dashboardOrders = (query = '') =>
  t.app.inject({ url: `/api/order/allOrdersList${query}`, headers: admin.headers });
const waitingIds = async () =>
  ((await dashboardOrders('?release=waiting')).json().currPageOrders as Order[]).map(
    (o) => o.orderID,
  );

describe('an order with pre-order lines', () => {
  it('keeps each pre-order line’s release date beside lines that ship now, in every view', async () => {
    const figure = await preorder(45);
    const ordinary = await createProduct(t.database.db);
    const { who, order } = await cashOrder([
      [figure, 2],
      [ordinary, 1],
    ]);

    expect(lineOf(order, figure)).toMatchObject({ releaseDate: day(45), waitingForRelease: true });
    expect(lineOf(order, ordinary)).not.toHaveProperty('releaseDate');
    expect(lineOf(order, ordinary)).not.toHaveProperty('waitingForRelease');

    const confirmation = (
      await t.app.inject({ url: `/api/order/getOrder/${order.orderID}`, headers: who.headers })
    ).json().order as Order;
    expect(lineOf(confirmation, figure)).toMatchObject({ releaseDate: day(45) });
    const [inHistory] = await history(who);
    expect(lineOf(inHistory!, figure)).toMatchObject({
      releaseDate: day(45),
      waitingForRelease: true,
    });
    expect(lineOf(inHistory!, ordinary)).not.toHaveProperty('releaseDate');

    await vi.waitFor(() =>
      expect(t.app.mailer.outbox!.filter((m) => m.to === who.email)).toHaveLength(1),
    );
    const [mail] = t.app.mailer.outbox!.filter((m) => m.to === who.email);
    expect(mail!.text).toContain(PREORDER.lineReleases(day(45)));
    expect(mail!.html).toContain(PREORDER.lineReleases(day(45)));
  });

  it('paid by card through the test provider, keeps the release date too', async () => {
    const figure = await preorder(20);
    const who = await signedInShopper(t.database.db, t.config);
    const calls = shopperCalls(t.app, who);
    expect((await calls.reserve(figure.id, 1)).statusCode).toBe(200);
    const session = (await calls.payByCard('test')).json() as { url: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: `${session.url}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242424242424242' }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const [order] = await history(who);
    expect(order).toMatchObject({ paymentMethod: 'card', paymentStatus: 'paid' });
    expect(lineOf(order!, figure)).toMatchObject({ releaseDate: day(20), waitingForRelease: true });
  });
});

describe('orders waiting for a release, for staff', () => {
  it('lists only orders with a line whose product is still a pre-order', async () => {
    const figure = await preorder(30);
    const ordinary = await createProduct(t.database.db);
    const { order: waiting } = await cashOrder([[figure, 1]]);
    const { order: mixed } = await cashOrder([
      [figure, 1],
      [ordinary, 1],
    ]);
    const { order: shipsNow } = await cashOrder([[ordinary, 1]]);

    const ids = await waitingIds();
    expect(ids).toContain(waiting.orderID);
    expect(ids).toContain(mixed.orderID);
    expect(ids).not.toContain(shipsNow.orderID);
    const all = (await dashboardOrders()).json().currPageOrders as Order[];
    expect(all.map((o) => o.orderID)).toContain(shipsNow.orderID);
    const answer = (await dashboardOrders('?release=waiting')).json();
    expect(answer.totalOrders).toBe(ids.length);
  });

  it('refuses a release filter it does not know', async () => {
    const res = await dashboardOrders('?release=soon');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(PREORDER_RULES.releaseFilterInvalid);
  });

  it('shows, per product, the units pre-ordered', async () => {
    const figure = await preorder(25);
    await cashOrder([[figure, 2]]);
    await cashOrder([[figure, 3]]);
    const res = await t.app.inject({
      url: `/api/product/dashboardProducts?productConstraints=${encodeURIComponent(
        JSON.stringify({ category: 'toys', availability: 'preorder' }),
      )}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const listed = (res.json() as DashboardProductsResponse).currPageProducts.find(
      (p) => p.productID === figure.id,
    );
    expect(listed).toMatchObject({ releaseDate: day(25), preorderedUnits: 5, stock: 15 });
  });
});

describe('the release date', () => {
  it('turns the product into ordinary stock and its orders wait no more', async () => {
    const figure = await preorder(10, 12);
    const other = await preorder(60);
    const { who, order } = await cashOrder([
      [figure, 2],
      [other, 1],
    ]);
    const { order: onlyFigure } = await cashOrder([[figure, 1]]);

    // The day comes: the upkeep clears the dates; the remaining allocation is the stock.
    await t.database.db
      .update(products)
      .set({ releaseDate: day(0) })
      .where(eq(products.id, figure.id));
    const { today, released } = await releaseDuePreorders(t.database.db);
    expect(today).toBe(day(0));
    expect(released).toContain(figure.id);
    expect(released).not.toContain(other.id);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, figure.id));
    expect(row).toMatchObject({ releaseDate: null, preorderUntil: null });
    expect(await stockOf(t.database.db, figure.id)).toBe(9);
    const shop = (await t.app.inject({ url: `/api/product/${figure.id}` })).json().product;
    expect(shop).toMatchObject({ stock: 9, inStock: true });
    expect(shop).not.toHaveProperty('releaseDate');
    expect((await releaseDuePreorders(t.database.db)).released).toEqual([]);

    const ids = await waitingIds();
    expect(ids).not.toContain(onlyFigure.orderID);
    // Still waiting for its other pre-order.
    expect(ids).toContain(order.orderID);
    const [inHistory] = await history(who);
    expect(lineOf(inHistory!, figure)).toMatchObject({
      releaseDate: day(10),
      waitingForRelease: false,
    });
    expect(lineOf(inHistory!, other)).toMatchObject({ waitingForRelease: true });
  });
});
