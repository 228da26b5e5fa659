/**
 * Units that could not be taken at payment (DESIGN.md §8 "Fair stock", decision 138): a card
 * order paid after its reservation lapsed and the stock ran out records them on its lines, in
 * the transaction that makes it, and staff see and filter such orders.
 */
import { DASHBOARD_RULES, type DashboardOrder } from '@otaku/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders } from '../../db/schema/index';
import { useTestApp } from '../../../test/helpers';
import { createAccount, type TestAccount } from '../../../test/staff';
import {
  createProduct,
  setStock,
  shopperCalls,
  signedInShopper,
  stockOf,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';

const t = useTestApp();
let admin: TestAccount;
let superAdmin: TestAccount;
let figure: ProductFixture;
let scarf: ProductFixture;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  superAdmin = await createAccount(t.database, t.config.jwtSecret, 'superAdmin');
  figure = await createProduct(t.database.db, { name: 'Alpha Figure', stock: { '': 10 } });
  scarf = await createProduct(t.database.db, {
    name: 'Beta Scarf',
    category: 'clothes',
    stock: { M: 10 },
  });
});

/** The shopper holds 2 figures and 3 scarves (M) and starts paying for them by card. */
async function startCheckout(buyer: Shopper) {
  const calls = shopperCalls(t.app, buyer);
  expect((await calls.reserve(figure.id, 2)).statusCode).toBe(200);
  expect((await calls.reserve(scarf.id, 3, 'M')).statusCode).toBe(200);
  const started = await calls.payByCard('test');
  expect(started.statusCode).toBe(200);
  return started.json() as { sessionId: string; url: string };
}

/** Pays on the test provider's hosted page with the test card. */
async function pay(url: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${url}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: '4242 4242 4242 4242' }).toString(),
  });
  expect(res.statusCode).toBe(303);
}

const orderOf = async (sessionId: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId)))[0]!;

const linesOf = (orderId: string) =>
  t.database.db
    .select({
      productId: orderLines.productId,
      variant: orderLines.variant,
      quantity: orderLines.quantity,
      shortQuantity: orderLines.shortQuantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.productName));

const list = (query: string, who: { headers: Record<string, string> } | null = admin) =>
  t.app.inject({
    url: `/api/order/allOrdersList${query}`,
    headers: who ? who.headers : {},
  });

let shortOrderId: string;
let fullOrderId: string;
let cashOrderId: string;

describe('a card order paid after its units were gone', () => {
  it('records on its lines, once, the units that could not be taken', async () => {
    // A card order whose units were all still held.
    const full = await startCheckout(await signedInShopper(t.database.db, t.config));
    await pay(full.url);
    fullOrderId = (await orderOf(full.sessionId)).id;
    expect(await linesOf(fullOrderId)).toEqual([
      { productId: figure.id, variant: '', quantity: 2, shortQuantity: 0 },
      { productId: scarf.id, variant: 'M', quantity: 3, shortQuantity: 0 },
    ]);

    const buyer = await signedInShopper(t.database.db, t.config);
    const late = await startCheckout(buyer);
    // While the shopper pays, the cart's holds end and other shoppers buy what was left: no
    // figure, one scarf.
    await t.database.db.execute(sql`delete from cart_items where cart_id = ${`user_${buyer.id}`}`);
    await setStock(t.database.db, figure.id, '', 0);
    await setStock(t.database.db, scarf.id, 'M', 1);
    await pay(late.url);
    const order = await orderOf(late.sessionId);
    shortOrderId = order.id;
    expect(order).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
    const recorded = [
      { productId: figure.id, variant: '', quantity: 2, shortQuantity: 2 },
      { productId: scarf.id, variant: 'M', quantity: 3, shortQuantity: 2 },
    ];
    expect(await linesOf(order.id)).toEqual(recorded);
    // What there was is taken, never below 0.
    expect(await stockOf(t.database.db, figure.id)).toBe(0);
    expect(await stockOf(t.database.db, scarf.id, 'M')).toBe(0);

    // Paid again (the back button): still one order, recorded as before.
    await pay(late.url);
    expect(
      await t.database.db.select().from(orders).where(eq(orders.checkoutSessionId, late.sessionId)),
    ).toHaveLength(1);
    expect(await linesOf(order.id)).toEqual(recorded);

    // A cash order takes the units its cart holds: never short.
    await setStock(t.database.db, figure.id, '', 5);
    const cash = shopperCalls(t.app, await signedInShopper(t.database.db, t.config));
    await cash.reserve(figure.id, 1);
    const placed = await cash.placeCashOrder();
    expect(placed.statusCode).toBe(201);
    cashOrderId = placed.json().order._id;
    expect((await linesOf(cashOrderId)).map((l) => l.shortQuantity)).toEqual([0]);

    // The shopper's history says nothing of it: staff contact them.
    const history = await t.app.inject({
      url: '/api/order/getOrders?currPage=1',
      headers: buyer.headers,
    });
    expect(history.json().paginatedOrders[0]._id).toBe(order.id);
    expect(history.json().paginatedOrders[0]).not.toHaveProperty('shortUnits');
  });

  it('is marked in the staff list with the units it is short; other orders are not', async () => {
    const res = await list('?currPage=1');
    expect(res.statusCode).toBe(200);
    const byId = new Map(
      (res.json().currPageOrders as DashboardOrder[]).map((o) => [o._id, o.shortUnits]),
    );
    expect(byId.get(shortOrderId)).toEqual([
      { productId: figure.id, name: 'Alpha Figure', variant: '', quantity: 2 },
      { productId: scarf.id, name: 'Beta Scarf', variant: 'M', quantity: 2 },
    ]);
    expect(byId.get(fullOrderId)).toEqual([]);
    expect(byId.get(cashOrderId)).toEqual([]);
    expect(res.json().totalOrders).toBe(3);
  });

  it('is the only order the short-of-stock filter finds, with its own count and pages', async () => {
    const only = (await list('?currPage=1&shortUnits=only')).json();
    expect(only.currPageOrders.map((o: DashboardOrder) => o._id)).toEqual([shortOrderId]);
    expect(only).toMatchObject({ totalOrders: 1, totalPages: 1 });
    const past = (await list('?currPage=2&shortUnits=only&email=a@b.c')).json();
    expect(past).toMatchObject({ currPageOrders: [], totalOrders: 1, totalPages: 1 });
    // 'all' and an empty value list every order, as no filter does.
    for (const query of ['?shortUnits=all', '?shortUnits=']) {
      const all = (await list(query)).json();
      expect(all.totalOrders, query).toBe(3);
      expect(all.currPageOrders, query).toHaveLength(3);
    }
    // The status counts still count every order once.
    const stats = (
      await t.app.inject({ url: '/api/order/orderStats', headers: admin.headers })
    ).json().stats;
    expect(stats).toEqual({ pending: 1, processing: 2, shipped: 0, delivered: 0 });
  });

  it.each([
    ['an unknown value', 'yes'],
    ['a different case', 'ONLY'],
    ['a huge value', 'x'.repeat(5000)],
    ['a repeated parameter', 'only&shortUnits=all'],
  ])('refuses %s for the filter with 400', async (_what, value) => {
    const res = await list(`?shortUnits=${value}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: DASHBOARD_RULES.shortUnitsFilterInvalid,
    });
  });

  it('is filtered for staff only', async () => {
    const shopper = await createAccount(t.database, t.config.jwtSecret, 'user');
    expect((await list('?shortUnits=only', null)).statusCode).toBe(401);
    const refused = await list('?shortUnits=only', shopper);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(shortOrderId);
    for (const staff of [admin, superAdmin]) {
      const res = await list('?shortUnits=only', staff);
      expect(res.statusCode).toBe(200);
      expect(res.json().totalOrders).toBe(1);
    }
  });
});
