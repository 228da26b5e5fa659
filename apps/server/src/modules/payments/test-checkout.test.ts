import { PAYMENT_INFO } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutSnapshots, couponUses, orderLines, orders, products } from '../../db/schema/index';
import { useTestApp } from '../../../test/helpers';
import { createAccount } from '../../../test/staff';
import type { PaymentProvider } from './payment-provider';
import type * as TestProviderModule from './test-provider';
import { openSnapshotsOfCart, snapshotStatus } from './payments.repo';
import {
  createCoupon,
  createProduct,
  setStock,
  shopperCalls,
  signedInShopper,
  stockOf,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';

/** Lets a test keep the provider's session creation waiting, as a slow provider would. */
const creation = vi.hoisted(() => ({ held: null as Promise<void> | null, waiting: 0 }));
vi.mock('./test-provider', async (importOriginal) => {
  const real = await importOriginal<typeof TestProviderModule>();
  return {
    ...real,
    createTestProvider: (): PaymentProvider => {
      const provider = real.createTestProvider();
      return {
        ...provider,
        createSession: async (request) => {
          creation.waiting += 1;
          await creation.held;
          return provider.createSession(request);
        },
      };
    },
  };
});

/** As the fake Stripe's: session creations wait until `release`; `waiting` counts them. */
function holdSessionCreation() {
  let release = () => {};
  creation.held = new Promise((done) => (release = done));
  creation.waiting = 0;
  return {
    waiting: () => creation.waiting,
    release: () => {
      creation.held = null;
      release();
    },
  };
}

const t = useTestApp();
let shopper: Shopper;
let figure: ProductFixture;

beforeAll(async () => {
  shopper = await signedInShopper(t.database.db, t.config);
  figure = await createProduct(t.database.db, { priceCents: 1250, stock: { '': 5 } });
});

/** Puts `quantity` figures in the buyer's cart and starts paying for them. */
async function startCheckout(
  buyer: Shopper = shopper,
  quantity = 1,
  paymentData: Record<string, string> = { deliveryAddress: 'Nagoya' },
): Promise<{ sessionId: string; url: string }> {
  await t.app.inject({
    method: 'POST',
    url: '/api/reserveStock',
    headers: buyer.headers,
    payload: { productId: figure.id, quantity },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/test/create-checkout-session',
    headers: buyer.headers,
    payload: { paymentData },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const form = (url: string, fields: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('the test provider', () => {
  it('tells the web app which provider to call', async () => {
    const res = await t.app.inject({ url: '/api/payments/config' });
    expect(res.json()).toEqual({ success: true, provider: 'test' });
    const stripe = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: shopper.headers,
      payload: {},
    });
    expect(stripe.statusCode).toBe(404);
  });

  it('serves a hosted checkout page, declines other cards and pays with 4242 4242 4242 4242', async () => {
    const { sessionId, url } = await startCheckout();
    expect(url).toBe(`/api/test/checkout/${sessionId}`);
    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(PAYMENT_INFO.testNotice);
    expect(page.body).toContain('$17.50'); // 12.50 + 5.00 shipping

    const unitsSold = async () =>
      (await t.database.db.select().from(products).where(eq(products.id, figure.id)))[0]!.unitsSold;
    const soldBefore = await unitsSold();

    const declined = await form(`${url}/pay`, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(PAYMENT_INFO.testDeclined);
    expect(
      await t.database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId)),
    ).toHaveLength(0);

    const paid = await form(`${url}/pay`, { cardNumber: '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/success?session_id=${sessionId}`);
    // Paying twice (a double click, the back button) still makes one order.
    expect((await form(`${url}/pay`, { cardNumber: '4242424242424242' })).statusCode).toBe(303);
    const made = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutSessionId, sessionId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      status: 'processing',
      paymentStatus: 'paid',
      totalCents: 1750,
    });
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, made[0]!.id));
    expect(lines).toMatchObject([
      {
        productId: figure.id,
        variant: '',
        quantity: 1,
        priceCents: 1250,
        productName: figure.name,
      },
    ]);
    // Counted once, however often the page was paid.
    expect(await unitsSold()).toBe(soldBefore + 1);

    const history = await t.app.inject({
      url: '/api/order/getOrders?currPage=1',
      headers: shopper.headers,
    });
    expect(history.json().paginatedOrders[0]).toMatchObject({
      orderID: made[0]!.orderNumber,
      status: 'processing',
    });
  });

  it('cancel returns to the cart and leaves the reservation in place', async () => {
    const { sessionId, url } = await startCheckout();
    const res = await form(`${url}/cancel`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/cart');
    const [snapshot] = await t.database.db
      .select()
      .from(checkoutSnapshots)
      .where(eq(checkoutSnapshots.sessionId, sessionId));
    expect(snapshot!.status).toBe('expired');
    const cart = await t.app.inject({ method: 'POST', url: '/api/cart', headers: shopper.headers });
    expect(cart.json().cartItems).toHaveLength(1);
    expect(
      (await t.app.inject({ url: '/api/test/checkout/cs_test_doesnotexist123' })).statusCode,
    ).toBe(404);
  });

  it('makes the order of a checkout paid after staff deleted the account, from stock', async () => {
    await setStock(t.database.db, figure.id, '', 5);
    const leaving = await signedInShopper(t.database.db, t.config);
    const coupon = await createCoupon(t.database.db, { discountPercent: 20 });
    const { sessionId, url } = await startCheckout(leaving, 2, {
      deliveryAddress: '2 Harbour Road',
      couponCode: coupon.code,
    });
    expect(await stockOf(t.database.db, figure.id)).toBe(3);

    // Deleting the account puts the units its cart held back on sale.
    const admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/delete/${leaving.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await stockOf(t.database.db, figure.id)).toBe(5);

    // The payment goes through at the provider all the same: it becomes an order.
    expect((await form(`${url}/pay`, { cardNumber: '4242424242424242' })).statusCode).toBe(303);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutSessionId, sessionId));
    expect(order).toMatchObject({
      userId: null,
      customerName: leaving.username,
      customerEmail: leaving.email,
      shippingAddress: '2 Harbour Road',
      couponCode: coupon.code,
      paymentStatus: 'paid',
      totalCents: 2500, // 2 × 12.50 − 20% + 5.00
    });
    expect(await stockOf(t.database.db, figure.id)).toBe(3);
    const uses = await t.database.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.couponId, coupon.id));
    expect(uses).toMatchObject([{ userId: null, orderId: order!.id, discountCents: 500 }]);
  });
});

describe('a cart ordered twice over, by card and cash on delivery', () => {
  let buyer: ReturnType<typeof shopperCalls>;
  let lastTwo: ProductFixture;
  beforeAll(async () => {
    buyer = shopperCalls(t.app, await signedInShopper(t.database.db, t.config));
    lastTwo = await createProduct(t.database.db, { priceCents: 900, stock: { '': 2 } });
  });

  const openCheckout = async () => {
    const res = await buyer.payByCard('test');
    expect(res.statusCode).toBe(200);
    return res.json() as { sessionId: string; url: string };
  };
  const statusOf = (sessionId: string) => snapshotStatus(t.database.db, sessionId);
  const ordersOfBuyer = () =>
    t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
  const pay = (url: string) => form(`${url}/pay`, { cardNumber: '4242424242424242' });

  it('a cash order closes the card checkout left open, which then can no longer be paid', async () => {
    expect((await buyer.reserve(lastTwo.id, 2)).statusCode).toBe(200);
    const card = await openCheckout();
    expect((await buyer.placeCashOrder()).statusCode).toBe(201);
    expect(await statusOf(card.sessionId)).toBe('expired');

    const paid = await pay(card.url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/cart');
    expect(await ordersOfBuyer()).toMatchObject([{ paymentMethod: 'cod' }]);
    expect(await stockOf(t.database.db, lastTwo.id)).toBe(0);
    const [sold] = await t.database.db
      .select({ unitsSold: products.unitsSold })
      .from(products)
      .where(eq(products.id, lastTwo.id));
    expect(sold!.unitsSold).toBe(2);
  });

  it('pressing the card button again closes the first checkout; the second one pays', async () => {
    await setStock(t.database.db, lastTwo.id, '', 2);
    expect((await buyer.reserve(lastTwo.id, 2)).statusCode).toBe(200);
    const first = await openCheckout();
    const second = await openCheckout();
    expect(await statusOf(first.sessionId)).toBe('expired');
    expect((await pay(first.url)).headers.location).toBe('/cart');
    expect((await pay(second.url)).headers.location).toMatch(/^\/success\?/);

    const card = (await ordersOfBuyer()).filter((o) => o.paymentMethod === 'card');
    expect(card).toMatchObject([{ checkoutSessionId: second.sessionId, totalCents: 2300 }]);
    expect(await stockOf(t.database.db, lastTwo.id)).toBe(0);
  });

  it('two card checkouts started at once leave one open, the one answered last, which pays', async () => {
    await setStock(t.database.db, lastTwo.id, '', 2);
    expect((await buyer.reserve(lastTwo.id, 2)).statusCode).toBe(200);
    const gate = holdSessionCreation(); // both sessions are being created at once
    const answered: Awaited<ReturnType<typeof openCheckout>>[] = [];
    const both = Promise.all([1, 2].map(async () => answered.push(await openCheckout())));
    await vi.waitUntil(() => gate.waiting() === 2, { timeout: 5_000 });
    gate.release();
    await both;
    const [first, last] = answered as [(typeof answered)[0], (typeof answered)[0]];

    expect(await openSnapshotsOfCart(t.database.db, `user_${buyer.id}`)).toEqual([
      { sessionId: last.sessionId, provider: 'test' },
    ]);
    expect((await pay(first.url)).headers.location).toBe('/cart');
    expect((await pay(last.url)).headers.location).toMatch(/^\/success\?/);
    const ofTheTwo = (await ordersOfBuyer()).filter((o) =>
      [first.sessionId, last.sessionId].includes(o.checkoutSessionId ?? ''),
    );
    expect(ofTheTwo).toMatchObject([{ checkoutSessionId: last.sessionId, totalCents: 2300 }]);
    expect(await stockOf(t.database.db, lastTwo.id)).toBe(0);
  });
});
