import { COUPON, COUPON_INFO, ORDER, ORDER_INFO, VALIDATION } from '@otaku/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { couponUses, orderLines, products } from '../../db/schema/index';
import { useTestApp } from '../../../test/helpers';
import {
  createCoupon,
  createProduct,
  setStock,
  signedInShopper,
  stockOf,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';

const t = useTestApp();
let comic: ProductFixture;
let figure: ProductFixture;

beforeAll(async () => {
  comic = await createProduct(t.database.db, {
    category: 'comics',
    priceCents: 1999,
    stock: { V1: 20, V2: 20 },
  });
  figure = await createProduct(t.database.db, { priceCents: 555, stock: { '': 20 } });
});

const post = (who: Shopper | null, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    ...(who ? { headers: who.headers } : {}),
  });

/** 2 × 19.99 (V1) + 1 × 5.55 = 45.53 */
async function fillCart(who: Shopper) {
  for (const [productId, variant, quantity] of [
    [comic.id, 'V1', 2],
    [figure.id, '', 1],
  ] as const) {
    const res = await post(who, '/reserveStock', { productId, variant, quantity });
    expect(res.statusCode).toBe(200);
  }
}

const placeOrder = (who: Shopper, body: object = {}) =>
  post(who, '/order/placeOrder', {
    deliveryAddress: '1-2-3 Akihabara, Tokyo',
    paymentMethod: 'cod',
    ...body,
  });

describe('POST /api/coupon/verify', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await signedInShopper(t.database.db, t.config);
  });

  it('accepts a code in any letter case', async () => {
    const coupon = await createCoupon(t.database.db, { code: 'OTAKU15', discountPercent: 15 });
    const res = await post(shopper, '/coupon/verify', { couponCode: '  otaku15 ', userEmail: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: COUPON_INFO.valid,
      data: {
        coupondata: {
          coupon: {
            couponCode: 'OTAKU15',
            discountPercentage: 15,
            expiryDate: coupon.expiresAt.toISOString(),
          },
        },
      },
    });
  });

  it.each([
    ['an unknown code', 'NOPE', 400, COUPON.invalid],
    ['a blank code', '   ', 400, VALIDATION.couponCodeRequired],
  ])('refuses %s', async (_what, couponCode, status, message) => {
    const res = await post(shopper, '/coupon/verify', { couponCode });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('refuses an expired code', async () => {
    await createCoupon(t.database.db, { code: 'OLD10', expiresAt: new Date(Date.now() - 1000) });
    const res = await post(shopper, '/coupon/verify', { couponCode: 'old10' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: COUPON_INFO.expired });
  });
});

describe('POST /api/order/placeOrder', () => {
  it('totals from database prices with flat 5.00 shipping, ignoring client prices', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    await fillCart(shopper);
    const res = await placeOrder(shopper, {
      userInfo: { role: 'superAdmin' },
      subtotal: 1,
      finalAmount: 0.01,
      price: 0,
      userId: shopper.id,
      cartId: `user_${shopper.id}`,
    });
    expect(res.statusCode).toBe(201);
    const { order, ...rest } = res.json();
    expect(rest).toEqual({ success: true, message: ORDER.placed });
    expect(order).toMatchObject({
      status: 'pending',
      paymentMethod: 'cod',
      paymentStatus: 'unpaid',
      shippingAddress: '1-2-3 Akihabara, Tokyo',
      subtotal: 45.53,
      shippingCost: 5,
      discount: 0,
      finalAmount: 50.53,
      couponCode: null,
    });
    expect(order.orderID).toMatch(/^ORD-[0-9A-Z]{8}$/);
    expect(order.products).toHaveLength(2);
    // The reserved units became the order's: the cart is empty and stock stays taken.
    const cart = await post(shopper, '/cart', {});
    expect(cart.json().cartItems).toEqual([]);
    expect(await stockOf(t.database.db, comic.id, 'V1')).toBe(18);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, comic.id));
    expect(row!.unitsSold).toBe(2);
  });

  it('applies a coupon rounded to the cent, once per user', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    await createCoupon(t.database.db, { code: 'ROUND15', discountPercent: 15 });
    await fillCart(shopper);
    const res = await placeOrder(shopper, { couponCode: 'round15' });
    expect(res.statusCode).toBe(201);
    // 45.53 × 15% = 6.8295 → 6.83; 45.53 − 6.83 + 5.00 = 43.70
    expect(res.json().order).toMatchObject({
      subtotal: 45.53,
      discount: 6.83,
      discountPercentage: 15,
      shippingCost: 5,
      finalAmount: 43.7,
      couponCode: 'ROUND15',
    });
    const uses = await t.database.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.userId, shopper.id));
    expect(uses).toHaveLength(1);
    expect(uses[0]!.discountCents).toBe(683);

    await fillCart(shopper);
    const verify = await post(shopper, '/coupon/verify', { couponCode: 'ROUND15' });
    expect(verify.statusCode).toBe(409);
    expect(verify.json()).toMatchObject({ success: false, message: COUPON_INFO.alreadyUsed });
    const again = await placeOrder(shopper, { couponCode: 'ROUND15' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: COUPON_INFO.alreadyUsed });
    // Nothing happened: the cart still holds its lines.
    expect((await post(shopper, '/cart', {})).json().cartItems).toHaveLength(2);
    // Another user may still use it.
    const other = await signedInShopper(t.database.db, t.config);
    expect((await post(other, '/coupon/verify', { couponCode: 'Round15' })).statusCode).toBe(200);
  });

  it('refuses, as unknown, a coupon deleted after it was checked', async () => {
    const db = t.database.db;
    const shopper = await signedInShopper(db, t.config);
    const coupon = await createCoupon(db, { code: 'GONESOON', discountPercent: 10 });
    await fillCart(shopper);
    // Staff delete it while the order is being written: after the check, before its use.
    await db.execute(
      sql.raw(`create function test_delete_coupon() returns trigger language plpgsql as $$
        begin delete from coupons where id = '${coupon.id}'; return new; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_delete_coupon after insert on orders for each row
        when (new.coupon_code = 'GONESOON') execute function test_delete_coupon()`),
    );
    try {
      const res = await placeOrder(shopper, { couponCode: 'GONESOON' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: COUPON.invalid });
    } finally {
      await db.execute(sql.raw('drop trigger test_delete_coupon on orders'));
      await db.execute(sql.raw('drop function test_delete_coupon()'));
    }
    // Nothing happened: the cart still holds its lines (the deletion went with the order).
    expect((await post(shopper, '/cart', {})).json().cartItems).toHaveLength(2);
  });

  it('refuses an expired coupon at order time', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    await createCoupon(t.database.db, { code: 'GONE20', expiresAt: new Date(Date.now() - 60_000) });
    await fillCart(shopper);
    const res = await placeOrder(shopper, { couponCode: 'GONE20' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: COUPON_INFO.expired });
  });

  it.each([
    ['a blank delivery address', { deliveryAddress: '   ' }, VALIDATION.deliveryAddressRequired],
    ['no payment method', { paymentMethod: undefined }, VALIDATION.paymentMethodRequired],
    ['card as the method', { paymentMethod: 'card' }, ORDER_INFO.codOnly],
  ])('refuses %s', async (_what, body, message) => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const res = await placeOrder(shopper, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('refuses an empty cart', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const res = await placeOrder(shopper);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: ORDER_INFO.emptyCart });
  });

  it("cannot place an order from another user's cart", async () => {
    const [alice, bob] = [
      await signedInShopper(t.database.db, t.config),
      await signedInShopper(t.database.db, t.config),
    ];
    await fillCart(alice);
    const res = await placeOrder(bob, { cartId: `user_${alice.id}` });
    expect(res.statusCode).toBe(403);
    expect((await placeOrder(bob, { userId: alice.id })).statusCode).toBe(403);
    expect((await placeOrder(bob)).json()).toMatchObject({ message: ORDER_INFO.emptyCart });
    expect((await post(alice, '/cart', {})).json().cartItems).toHaveLength(2);
  });
});

describe('placing orders at the same time', () => {
  it('a double submit makes one order; the other finds the cart empty', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    await fillCart(shopper);
    const results = await Promise.all([placeOrder(shopper), placeOrder(shopper)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toMatchObject({
      message: ORDER_INFO.emptyCart,
    });
  });
});

describe('what a placed order writes', () => {
  const unitsSold = async (productId: string) => {
    const [row] = await t.database.db.select().from(products).where(eq(products.id, productId));
    return row!.unitsSold;
  };

  it('stores each line at its price, counts units sold per product and empties the cart', async () => {
    const saga = await createProduct(t.database.db, {
      category: 'comics',
      priceCents: 1250,
      stock: { V1: 10, V2: 10 },
    });
    const plush = await createProduct(t.database.db, { priceCents: 899, stock: { '': 10 } });
    const shopper = await signedInShopper(t.database.db, t.config);
    for (const [productId, variant, quantity] of [
      [saga.id, 'V2', 3],
      [plush.id, '', 1],
      [saga.id, 'V1', 2],
    ] as const) {
      expect(
        (await post(shopper, '/reserveStock', { productId, variant, quantity })).statusCode,
      ).toBe(200);
    }
    const res = await placeOrder(shopper);
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    // The lines come back in the order they went into the cart.
    expect(
      order.products.map(
        (p: { productId: { _id: string }; variant: string; quantity: number; price: number }) => [
          p.productId._id,
          p.variant,
          p.quantity,
          p.price,
        ],
      ),
    ).toEqual([
      [saga.id, 'V2', 3, 12.5],
      [plush.id, '', 1, 8.99],
      [saga.id, 'V1', 2, 12.5],
    ]);
    expect(order).toMatchObject({ subtotal: 71.49, finalAmount: 76.49 });
    const stored = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order._id));
    expect(
      stored
        .map((l) => [l.productId, l.productName, l.variant, l.quantity, l.priceCents])
        .sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    ).toEqual([
      [plush.id, plush.name, '', 1, 899],
      [saga.id, saga.name, 'V1', 2, 1250],
      [saga.id, saga.name, 'V2', 3, 1250],
    ]);
    expect(await unitsSold(saga.id)).toBe(5);
    expect(await unitsSold(plush.id)).toBe(1);
    expect((await post(shopper, '/cart', {})).json().cartItems).toEqual([]);
    // The reserved units were the order's: placing it takes nothing more from stock.
    expect(await stockOf(t.database.db, saga.id, 'V1')).toBe(8);
    expect(await stockOf(t.database.db, saga.id, 'V2')).toBe(7);
    expect(await stockOf(t.database.db, plush.id)).toBe(9);
  });

  it('orders of the same products placed at once, in either order, all go through', async () => {
    const [first, second] = [
      await createProduct(t.database.db, { stock: { '': 100 } }),
      await createProduct(t.database.db, { stock: { A: 100, B: 100 } }),
    ];
    const shoppers = await Promise.all(
      Array.from({ length: 8 }, () => signedInShopper(t.database.db, t.config)),
    );
    for (const [i, shopper] of shoppers.entries()) {
      const lines = [
        { productId: first.id, variant: '', quantity: 1 },
        { productId: second.id, variant: 'A', quantity: 1 },
        { productId: second.id, variant: 'B', quantity: 2 },
      ];
      for (const line of i % 2 === 0 ? lines : lines.reverse()) {
        expect((await post(shopper, '/reserveStock', line)).statusCode).toBe(200);
      }
    }
    const results = await Promise.all(shoppers.map((s) => placeOrder(s)));
    expect(results.map((r) => r.statusCode)).toEqual(shoppers.map(() => 201));
    expect(await unitsSold(first.id)).toBe(8);
    expect(await unitsSold(second.id)).toBe(24);
    for (const shopper of shoppers) {
      expect((await post(shopper, '/cart', {})).json().cartItems).toEqual([]);
    }
  });
});

describe('GET /api/order/getOrders', () => {
  it("pages the caller's own orders by 10, whatever user the query names", async () => {
    const [alice, bob] = [
      await signedInShopper(t.database.db, t.config),
      await signedInShopper(t.database.db, t.config),
    ];
    for (let i = 0; i < 12; i++) {
      expect(
        (await post(alice, '/reserveStock', { productId: figure.id, quantity: 1 })).statusCode,
      ).toBe(200);
      await setStock(t.database.db, figure.id, '', 20);
      expect((await placeOrder(alice)).statusCode).toBe(201);
    }
    const page = (who: Shopper, query: string) =>
      t.app.inject({ url: `/api/order/getOrders?${query}`, headers: who.headers });

    const first = (await page(alice, 'currPage=1')).json();
    expect(first).toMatchObject({ success: true, currPage: 1, totalPages: 2, totalOrders: 12 });
    expect(first.paginatedOrders).toHaveLength(10);
    const second = (await page(alice, 'currPage=2')).json();
    expect(second.paginatedOrders).toHaveLength(2);
    const ids = [...first.paginatedOrders, ...second.paginatedOrders].map(
      (o: { _id: string }) => o._id,
    );
    expect(new Set(ids).size).toBe(12);
    for (const order of first.paginatedOrders) {
      expect(order.products).toMatchObject([{ productId: { _id: figure.id }, quantity: 1 }]);
    }

    const snoop = (
      await page(bob, `currPage=1&userId=${alice.id}&email=${encodeURIComponent(alice.email)}`)
    ).json();
    expect(snoop).toMatchObject({ paginatedOrders: [], totalOrders: 0, totalPages: 1 });

    // An order of several lines lists them by product name, then variant.
    await fillCart(bob);
    expect((await placeOrder(bob)).statusCode).toBe(201);
    const [bobs] = (await page(bob, 'currPage=1')).json().paginatedOrders;
    const lines = bobs.products.map(
      (p: { productId: { name: string }; variant: string }) => `${p.productId.name}/${p.variant}`,
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines).toEqual([...lines].sort((a: string, b: string) => a.localeCompare(b)));

    const guest = await t.app.inject({ url: '/api/order/getOrders?currPage=1' });
    expect(guest.statusCode).toBe(401);
  });
});
