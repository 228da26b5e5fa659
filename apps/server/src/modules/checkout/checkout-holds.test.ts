/**
 * The units of an open card checkout stay held until it completes or expires; changing the cart
 * closes it; an expired session cannot be paid (DESIGN.md §8 "Fair stock", decision 137). With
 * the test provider, whose hosted page is the shop's own.
 */
import { CART, ORDER_INFO, PAYMENT_INFO } from '@otaku/shared';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/prepared';
import { carts, orders } from '../../db/schema/index';
import { useTestApp } from '../../../test/helpers';
import {
  ageCart,
  ageLines,
  createProduct,
  DEFAULT_HOLD,
  shopperCalls,
  signedInShopper,
  stockOf,
} from '../../../test/checkout-fixtures';
import { sweepExpiredReservations } from '../cart/reservation-sweeper';
import { snapshotStatus } from '../payments/payments.repo';

const t = useTestApp();
const newBuyer = async () => {
  const shopper = await signedInShopper(t.database.db, t.config);
  return { ...shopperCalls(t.app, shopper), headers: shopper.headers };
};
type Buyer = Awaited<ReturnType<typeof newBuyer>>;

const pay = (url: string) =>
  t.app.inject({
    method: 'POST',
    url: `${url}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'cardNumber=4242+4242+4242+4242',
  });

async function openCheckout(buyer: Buyer): Promise<{ sessionId: string; url: string }> {
  const res = await buyer.payByCard('test');
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Moves a checkout's expiry into the past, as if its 30 minutes had gone by. */
const expire = (sessionId: string) =>
  t.database.db.execute(
    sql`update checkout_snapshots set expires_at = now() - interval '1 minute'
      where session_id = ${sessionId}`,
  );

const sweep = () => sweepExpiredReservations(t.database.db, DEFAULT_HOLD);

/** A product's units on sale, held in carts and sold: together always what the shop had. */
async function unitsOf(productId: string) {
  const [row] = rowsOf<{ stock: number; held: number; sold: number }>(
    await t.database.db.execute(sql`
      select (select sum(stock) from product_variants where product_id = ${productId})::int as stock,
        (select coalesce(sum(quantity), 0) from cart_items where product_id = ${productId})::int as held,
        (select units_sold from products where id = ${productId})::int as sold`),
  );
  return row!;
}

const cardOrdersOf = (sessionId: string) =>
  t.database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));

const linesOf = async (buyer: Buyer) =>
  ((await buyer.readCart()).json() as { cartItems: unknown[] }).cartItems;

describe('the units of an open card checkout', () => {
  it('stay held past the idle TTL and the longest hold while it is open, and go after its expiry', async () => {
    const buyer = await newBuyer();
    const figure = await createProduct(t.database.db, { stock: { '': 3 } });
    expect((await buyer.reserve(figure.id, 2)).statusCode).toBe(200);
    const { sessionId, url } = await openCheckout(buyer);

    // Idle for longer than the TTL, and held for longer than the maximum: still being paid.
    await ageCart(t.database.db, `user_${buyer.id}`, DEFAULT_HOLD.maxMinutes + 10);
    await ageLines(t.database.db, `user_${buyer.id}`, DEFAULT_HOLD.maxMinutes + 10);
    await sweep();
    expect(await stockOf(t.database.db, figure.id)).toBe(1);
    expect(await linesOf(buyer)).toHaveLength(1);

    // Past its expiry the session no longer holds them, and nobody can pay it any more.
    await expire(sessionId);
    await sweep();
    expect(await stockOf(t.database.db, figure.id)).toBe(3);
    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(PAYMENT_INFO.sessionExpired);
    expect(page.body).toContain('href="/cart"');
    expect(page.body).not.toContain('/pay"');
    const paid = await pay(url);
    expect(paid.statusCode).toBe(410);
    expect(paid.body).toContain(PAYMENT_INFO.sessionExpired);
    expect(await cardOrdersOf(sessionId)).toEqual([]);
    expect(await stockOf(t.database.db, figure.id)).toBe(3);
  });

  it('are held for the checkout only: a cart with no open one is swept as before', async () => {
    const buyer = await newBuyer();
    const figure = await createProduct(t.database.db, { stock: { '': 3 } });
    expect((await buyer.reserve(figure.id, 1)).statusCode).toBe(200);
    const { url } = await openCheckout(buyer);
    expect((await t.app.inject({ method: 'POST', url: `${url}/cancel` })).statusCode).toBe(303);
    await ageCart(t.database.db, `user_${buyer.id}`, DEFAULT_HOLD.ttlMinutes + 1);
    await sweep();
    expect(await stockOf(t.database.db, figure.id)).toBe(3);
  });
});

describe('a change to the cart while a card checkout is open', () => {
  let figure: Awaited<ReturnType<typeof createProduct>>;
  beforeAll(async () => {
    figure = await createProduct(t.database.db, { stock: { '': 20 } });
  });

  const changes: [string, (buyer: Buyer) => Promise<LightMyRequestResponse>][] = [
    ['an add', (b) => b.reserve(figure.id, 1)],
    [
      'a quantity change',
      (b) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/cart/update',
          headers: b.headers,
          payload: { productId: figure.id, variant: '', newQuantity: 3 },
        }),
    ],
    [
      'a decrement',
      (b) =>
        t.app.inject({
          method: 'POST',
          url: '/api/decrementReservationStock',
          headers: b.headers,
          payload: { productId: figure.id, variant: '', quantity: 1 },
        }),
    ],
    [
      'a removal',
      (b) =>
        t.app.inject({
          method: 'DELETE',
          url: '/api/cart/remove',
          headers: b.headers,
          payload: { productId: figure.id, variant: '' },
        }),
    ],
    [
      'clearing the cart',
      (b) => t.app.inject({ method: 'DELETE', url: '/api/cart/clear', headers: b.headers }),
    ],
  ];

  it.each(changes)(
    'closes it first (%s), so the old session can no longer be paid',
    async (_, change) => {
      const buyer = await newBuyer();
      expect((await buyer.reserve(figure.id, 2)).statusCode).toBe(200);
      const before = await unitsOf(figure.id);
      const { sessionId, url } = await openCheckout(buyer);

      expect((await change(buyer)).statusCode).toBe(200);
      expect(await snapshotStatus(t.database.db, sessionId)).toBe('expired');
      const [cart] = await t.database.db
        .select({ checkoutOpen: carts.checkoutOpen })
        .from(carts)
        .where(eq(carts.id, `user_${buyer.id}`));
      expect(cart!.checkoutOpen).toBe(false);

      const paid = await pay(url);
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe('/cart');
      expect(await cardOrdersOf(sessionId)).toEqual([]);
      const after = await unitsOf(figure.id);
      expect(after.stock + after.held + after.sold).toBe(before.stock + before.held + before.sold);
    },
  );

  it('made by many requests at once, closes it and each change is made once', async () => {
    const buyer = await newBuyer();
    expect((await buyer.reserve(figure.id, 5)).statusCode).toBe(200);
    const before = await unitsOf(figure.id);
    const { sessionId, url } = await openCheckout(buyer);
    const decrement = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/decrementReservationStock',
        headers: buyer.headers,
        payload: { productId: figure.id, variant: '', quantity: 1 },
      });
    const answers = await Promise.all(Array.from({ length: 4 }, decrement));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await snapshotStatus(t.database.db, sessionId)).toBe('expired');
    expect((await pay(url)).headers.location).toBe('/cart');
    expect(await linesOf(buyer)).toMatchObject([{ itemQuantity: 1 }]);
    const after = await unitsOf(figure.id);
    expect(after.stock + after.held + after.sold).toBe(before.stock + before.held + before.sold);
  });

  it('a later change, with the checkout closed, changes the cart at once', async () => {
    const buyer = await newBuyer();
    expect((await buyer.reserve(figure.id, 1)).statusCode).toBe(200);
    await openCheckout(buyer);
    expect((await buyer.reserve(figure.id, 1)).statusCode).toBe(200);
    expect((await buyer.reserve(figure.id, 1)).statusCode).toBe(200);
    expect(await linesOf(buyer)).toMatchObject([{ itemQuantity: 3 }]);
  });

  it('a change refused by the cart rules still closes the checkout, changing nothing else', async () => {
    const buyer = await newBuyer();
    expect((await buyer.reserve(figure.id, 1)).statusCode).toBe(200);
    const { sessionId } = await openCheckout(buyer);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart/remove',
      headers: buyer.headers,
      payload: { productId: 'TOY-NOSUCH', variant: '' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: CART.itemNotFound });
    expect(await snapshotStatus(t.database.db, sessionId)).toBe('expired');
    expect(await linesOf(buyer)).toMatchObject([{ itemQuantity: 1 }]);
  });
});

describe('the last unit, a checkout left open and another shopper', () => {
  it('removing the line: the other shopper buys the unit, the old session cannot be paid', async () => {
    const [a, b] = [await newBuyer(), await newBuyer()];
    const last = await createProduct(t.database.db, { stock: { '': 1 } });
    expect((await a.reserve(last.id, 1)).statusCode).toBe(200);
    const { sessionId, url } = await openCheckout(a);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart/remove',
      headers: a.headers,
      payload: { productId: last.id, variant: '' },
    });
    expect(removed.statusCode).toBe(200);
    expect((await b.reserve(last.id, 1)).statusCode).toBe(200);
    expect((await b.placeCashOrder()).statusCode).toBe(201);

    expect((await pay(url)).headers.location).toBe('/cart');
    expect(await cardOrdersOf(sessionId)).toEqual([]);
    expect(await unitsOf(last.id)).toEqual({ stock: 0, held: 0, sold: 1 });
  });

  it('letting the hold lapse: nobody else gets the unit while the session is open; after its expiry they do, and it cannot be paid', async () => {
    const [a, b] = [await newBuyer(), await newBuyer()];
    const last = await createProduct(t.database.db, { stock: { '': 1 } });
    expect((await a.reserve(last.id, 1)).statusCode).toBe(200);
    const { sessionId, url } = await openCheckout(a);
    await ageCart(t.database.db, `user_${a.id}`, DEFAULT_HOLD.maxMinutes + 1);
    await ageLines(t.database.db, `user_${a.id}`, DEFAULT_HOLD.maxMinutes + 1);
    await sweep();
    expect((await b.reserve(last.id, 1)).statusCode).toBe(409);

    await expire(sessionId);
    await sweep();
    expect((await b.reserve(last.id, 1)).statusCode).toBe(200);
    expect((await b.placeCashOrder()).statusCode).toBe(201);

    expect((await pay(url)).statusCode).toBe(410);
    expect(await cardOrdersOf(sessionId)).toEqual([]);
    expect(await unitsOf(last.id)).toEqual({ stock: 0, held: 0, sold: 1 });
  });

  it('paid in time, the session buys the unit it held', async () => {
    const a = await newBuyer();
    const last = await createProduct(t.database.db, { stock: { '': 1 } });
    expect((await a.reserve(last.id, 1)).statusCode).toBe(200);
    const { sessionId, url } = await openCheckout(a);
    await ageCart(t.database.db, `user_${a.id}`, DEFAULT_HOLD.maxMinutes + 1);
    await sweep();
    expect((await pay(url)).headers.location).toMatch(/^\/success\?/);
    expect(await cardOrdersOf(sessionId)).toHaveLength(1);
    expect(await unitsOf(last.id)).toEqual({ stock: 0, held: 0, sold: 1 });
  });
});

describe('starting card checkouts again and again', () => {
  it('does not hold a line past its longest hold: the new start gives it back to the shop', async () => {
    const a = await newBuyer();
    const b = await newBuyer();
    const last = await createProduct(t.database.db, { stock: { '': 1 } });
    expect((await a.reserve(last.id, 1)).statusCode).toBe(200);
    const first = await openCheckout(a);

    // Just short of the longest hold, a new session may still carry the line.
    await ageLines(t.database.db, `user_${a.id}`, DEFAULT_HOLD.maxMinutes - 1);
    const second = await openCheckout(a);
    expect(await snapshotStatus(t.database.db, first.sessionId)).toBe('expired');

    // Past it, a new start closes the open one and puts the unit back on sale.
    await ageLines(t.database.db, `user_${a.id}`, DEFAULT_HOLD.maxMinutes + 1);
    const third = await a.payByCard('test');
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(ORDER_INFO.holdEnded);
    expect(await snapshotStatus(t.database.db, second.sessionId)).toBe('expired');
    expect(await linesOf(a)).toEqual([]);
    expect(await unitsOf(last.id)).toEqual({ stock: 1, held: 0, sold: 0 });
    expect((await b.reserve(last.id, 1)).statusCode).toBe(200);
    expect((await pay(second.url)).headers.location).toBe('/cart');
  });

  it('is limited per account', async () => {
    const a = await newBuyer();
    const figure = await createProduct(t.database.db, { stock: { '': 5 } });
    expect((await a.reserve(figure.id, 1)).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) await openCheckout(a);
    const refused = await a.payByCard('test');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You are starting card payments too often\./);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
