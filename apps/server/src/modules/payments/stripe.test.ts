import {
  CART_INFO,
  ORDER_INFO,
  PAYMENT_INFO,
  PREORDER_CANCEL,
  REFUND_PROBLEMS,
  type Order,
} from '@otaku/shared';
import { eq, type SQL } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutSnapshots, couponUses, orderRefunds, orders } from '../../db/schema/index';
import { day, setPreorder } from '../../../test/preorder-fixtures';
import { settleDueRefunds } from './refunds';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import { startFakeStripe } from '../../../test/fake-stripe';
import { openSnapshotsOfCart, snapshotStatus } from './payments.repo';
import { useTestApp } from '../../../test/helpers';
import { createAccount } from '../../../test/staff';
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

const WEBHOOK_SECRET = 'whsec_test_secret';
const fake = await startFakeStripe();
const t = useTestApp({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_fake_key',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
  PUBLIC_URL: 'http://shop.test',
});
afterAll(() => fake.close());

const signer = new Stripe('sk_test_signer').webhooks;
let shopper: Shopper;
let boots: ProductFixture;
let sessionId: string;

beforeAll(async () => {
  shopper = await signedInShopper(t.database.db, t.config);
  boots = await createProduct(t.database.db, {
    category: 'shoes',
    priceCents: 4999,
    stock: { M: 4 },
  });
  await createCoupon(t.database.db, { code: 'STRIPE10', discountPercent: 10 });
});

function event(type: string, id: string, paymentStatus = 'paid') {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: { id, object: 'checkout.session', payment_status: paymentStatus } },
  });
}

const deliver = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });

const ordersOfSession = (id: string) =>
  t.database.db.select().from(orders).where(eq(orders.checkoutSessionId, id));

describe('POST /api/stripe/create-checkout-session', () => {
  it('opens a hosted Checkout with the snapshot lines, the discount and shipping', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/reserveStock',
      headers: shopper.headers,
      payload: { productId: boots.id, variant: 'M', quantity: 2 },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: shopper.headers,
      payload: {
        paymentData: {
          couponCode: 'stripe10',
          deliveryAddress: 'Osaka',
          cartId: `user_${shopper.id}`,
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      sessionId: expect.stringMatching(/^cs_test_fake_/),
    });
    expect(body.url).toBe(`https://checkout.stripe.test/c/pay/${body.sessionId}`);
    sessionId = body.sessionId;

    const [coupon, session] = fake.requests;
    expect(coupon).toMatchObject({ method: 'POST', path: '/v1/coupons' });
    expect(coupon!.authorization).toBe('Bearer sk_test_fake_key');
    expect(coupon!.form.get('amount_off')).toBe('1000'); // 10% of 99.98, rounded
    expect(session).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    const form = session!.form;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][quantity]')).toBe('2');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('4999');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe(`${boots.name} (M)`);
    expect(form.get('line_items[1][price_data][unit_amount]')).toBe('500');
    expect(form.get('line_items[1][price_data][product_data][name]')).toBe('Shipping');
    expect(form.get('discounts[0][coupon]')).toMatch(/^co_/);
    expect(form.get('success_url')).toBe(
      'http://shop.test/success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(form.get('cancel_url')).toBe('http://shop.test/cart');

    const [snapshot] = await t.database.db
      .select()
      .from(checkoutSnapshots)
      .where(eq(checkoutSnapshots.sessionId, sessionId));
    expect(snapshot).toMatchObject({
      provider: 'stripe',
      status: 'open',
      subtotalCents: 9998,
      discountCents: 1000,
      shippingCents: 500,
      totalCents: 9498,
      couponCode: 'STRIPE10',
      shippingAddress: 'Osaka',
    });
  });

  it('needs a delivery address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: shopper.headers,
      payload: { paymentData: { deliveryAddress: ' ' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Enter the delivery address!' });
  });
});

describe('POST /api/stripe/webhook', () => {
  it('answers 400 to a bad or missing signature and creates nothing', async () => {
    const payload = event('checkout.session.completed', sessionId);
    const forged = signer.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    for (const res of [await deliver(payload, forged), await deliver(payload, '')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: PAYMENT_INFO.invalidSignature });
    }
    expect(await ordersOfSession(sessionId)).toHaveLength(0);
  });

  it('creates the paid order once however often checkout.session.completed arrives', async () => {
    const payload = event('checkout.session.completed', sessionId);
    const results = await Promise.all([deliver(payload), deliver(payload), deliver(payload)]);
    for (const res of results) expect(res.statusCode).toBe(200);
    expect((await deliver(payload)).statusCode).toBe(200);

    const created = await ordersOfSession(sessionId);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      status: 'processing',
      paymentStatus: 'paid',
      paymentMethod: 'card',
      totalCents: 9498,
      discountCents: 1000,
      couponCode: 'STRIPE10',
      userId: shopper.id,
    });
    const uses = await t.database.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.userId, shopper.id));
    expect(uses).toHaveLength(1);
    // The reservation became the order: the cart is empty and the two units stay sold.
    const cart = await t.app.inject({ method: 'POST', url: '/api/cart', headers: shopper.headers });
    expect(cart.json().cartItems).toEqual([]);
    expect(await stockOf(t.database.db, boots.id, 'M')).toBe(2);
  });

  it('never undoes a paid order when checkout.session.expired arrives late', async () => {
    expect((await deliver(event('checkout.session.expired', sessionId))).statusCode).toBe(200);
    const [order] = await ordersOfSession(sessionId);
    expect(order).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    const [snapshot] = await t.database.db
      .select()
      .from(checkoutSnapshots)
      .where(eq(checkoutSnapshots.sessionId, sessionId));
    expect(snapshot!.status).toBe('completed');
  });

  it('ignores events it does not handle and sessions it does not know', async () => {
    expect((await deliver(event('payment_intent.created', 'pi_1'))).statusCode).toBe(200);
    expect((await deliver(event('checkout.session.completed', 'cs_unknown'))).statusCode).toBe(200);
  });
});

describe('closing the Stripe sessions a cart leaves open', () => {
  let buyer: ReturnType<typeof shopperCalls>;
  let scarf: ProductFixture;
  beforeAll(async () => {
    buyer = shopperCalls(t.app, await signedInShopper(t.database.db, t.config));
    scarf = await createProduct(t.database.db, { priceCents: 1500, stock: { '': 2 } });
  });

  it('a cash order expires the session at Stripe first', async () => {
    expect((await buyer.reserve(scarf.id, 2)).statusCode).toBe(200);
    const { sessionId: open } = (await buyer.payByCard('stripe')).json();
    expect((await buyer.placeCashOrder()).statusCode).toBe(201);
    expect(fake.statusOf(open)).toBe('expired');
    expect(await snapshotStatus(t.database.db, open)).toBe('expired');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/checkout/sessions/${open}/expire`,
    });
  });

  it('a session paid a moment before refuses the cash order and becomes its order at once; its webhook makes no second', async () => {
    await setStock(t.database.db, scarf.id, '', 2);
    expect((await buyer.reserve(scarf.id, 2)).statusCode).toBe(200);
    const { sessionId: paid } = (await buyer.payByCard('stripe')).json();
    fake.pay(paid); // its webhook never comes (a misconfigured endpoint) until the end
    const ordersOfBuyer = () =>
      t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    const before = (await ordersOfBuyer()).length;

    const cash = await buyer.placeCashOrder();
    expect(cash.statusCode).toBe(409);
    expect(cash.json()).toMatchObject({ success: false, message: ORDER_INFO.paidByCard });
    const card = { paymentMethod: 'card', paymentStatus: 'paid', totalCents: 3500 };
    expect(await ordersOfSession(paid)).toMatchObject([card]);
    expect(await ordersOfBuyer()).toHaveLength(before + 1); // that one, and no cash order
    expect(await snapshotStatus(t.database.db, paid)).toBe('completed');
    expect((await buyer.readCart()).json().cartItems).toEqual([]);
    expect(await stockOf(t.database.db, scarf.id)).toBe(0);

    expect((await deliver(event('checkout.session.completed', paid))).statusCode).toBe(200);
    expect(await ordersOfSession(paid)).toMatchObject([card]);
    expect(await ordersOfBuyer()).toHaveLength(before + 1);
    expect(await stockOf(t.database.db, scarf.id)).toBe(0);
  });

  it('two card checkouts started at once leave one open, the one answered last, which pays', async () => {
    await setStock(t.database.db, scarf.id, '', 2);
    expect((await buyer.reserve(scarf.id, 2)).statusCode).toBe(200);
    const gate = fake.holdSessionCreation(); // both sessions are being created at once
    const answered: { sessionId: string }[] = [];
    const both = Promise.all(
      [1, 2].map(async () => {
        const res = await buyer.payByCard('stripe');
        expect(res.statusCode).toBe(200);
        answered.push(res.json());
      }),
    );
    await vi.waitUntil(() => gate.waiting() === 2, { timeout: 5_000 });
    gate.release();
    await both;

    const [first, last] = answered.map((a) => a.sessionId) as [string, string];
    expect(await openSnapshotsOfCart(t.database.db, `user_${buyer.id}`)).toEqual([
      { sessionId: last, provider: 'stripe' },
    ]);
    expect(fake.statusOf(first)).toBe('expired');
    expect(fake.statusOf(last)).toBe('open');
    fake.pay(last);
    expect((await deliver(event('checkout.session.completed', last))).statusCode).toBe(200);
    expect(await ordersOfSession(last)).toMatchObject([
      { paymentMethod: 'card', totalCents: 3500 },
    ]);
    expect(await ordersOfSession(first)).toEqual([]);
    expect(await stockOf(t.database.db, scarf.id)).toBe(0);
  });

  /**
   * Starts a card checkout and does `meanwhile` while Stripe is creating its session, which the
   * shop then must not hand out: no checkout of the cart stays open, here or at Stripe.
   */
  async function payByCardRefusedAfter(meanwhile: () => Promise<void>) {
    const gate = fake.holdSessionCreation();
    const starting = buyer.payByCard('stripe');
    await vi.waitUntil(() => gate.waiting() === 1, { timeout: 5_000 });
    await meanwhile();
    gate.release();
    const res = await starting;
    expect(await openSnapshotsOfCart(t.database.db, `user_${buyer.id}`)).toEqual([]);
    const created = fake.created.at(-1)!;
    expect(await snapshotStatus(t.database.db, created)).toBeNull();
    expect(fake.statusOf(created)).toBe('expired');
    return res;
  }

  it('a cash order placed while a card checkout is being created leaves that session unpayable', async () => {
    await setStock(t.database.db, scarf.id, '', 1);
    expect((await buyer.reserve(scarf.id, 1)).statusCode).toBe(200);
    const res = await payByCardRefusedAfter(async () => {
      expect((await buyer.placeCashOrder()).statusCode).toBe(201);
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: ORDER_INFO.emptyCart });
  });

  it('a cart changed while its card checkout is being created keeps no session open', async () => {
    await setStock(t.database.db, scarf.id, '', 2);
    expect((await buyer.reserve(scarf.id, 1)).statusCode).toBe(200);
    const res = await payByCardRefusedAfter(async () => {
      expect((await buyer.reserve(scarf.id, 1)).statusCode).toBe(200); // another tab
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: ORDER_INFO.cartChanged });
    expect((await buyer.placeCashOrder()).statusCode).toBe(201);
  });

  it('answers 503 when Stripe cannot be reached, and keeps the cart', async () => {
    await setStock(t.database.db, scarf.id, '', 1);
    expect((await buyer.reserve(scarf.id, 1)).statusCode).toBe(200);
    fake.failing = true;
    try {
      const res = await buyer.payByCard('stripe');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: PAYMENT_INFO.providerUnavailable });
    } finally {
      fake.failing = false;
    }
    expect((await buyer.readCart()).json().cartItems).toHaveLength(1);
  });
});

describe('a change to a cart whose Stripe checkout is open (decision 137)', () => {
  let who: Shopper;
  let buyer: ReturnType<typeof shopperCalls>;
  let last: ProductFixture;
  beforeAll(async () => {
    who = await signedInShopper(t.database.db, t.config);
    buyer = shopperCalls(t.app, who);
    last = await createProduct(t.database.db, { priceCents: 2000, stock: { '': 1 } });
  });
  const removeLine = () =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/cart/remove',
      headers: who.headers,
      payload: { productId: last.id, variant: '' },
    });

  it('holds the units as long as the session can be paid at Stripe', async () => {
    expect((await buyer.reserve(last.id, 1)).statusCode).toBe(200);
    const { sessionId: open } = (await buyer.payByCard('stripe')).json();
    const created = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    const [snapshot] = await t.database.db
      .select()
      .from(checkoutSnapshots)
      .where(eq(checkoutSnapshots.sessionId, open));
    expect(snapshot!.expiresAt.getTime() / 1000).toBe(Number(created.form.get('expires_at')));
    expect((await removeLine()).statusCode).toBe(200);
  });

  it('keeps the cart as it is while Stripe cannot be reached to close the session', async () => {
    await setStock(t.database.db, last.id, '', 1);
    expect((await buyer.reserve(last.id, 1)).statusCode).toBe(200);
    const { sessionId: open } = (await buyer.payByCard('stripe')).json();
    fake.failing = true;
    try {
      const res = await removeLine();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: PAYMENT_INFO.providerUnavailable });
    } finally {
      fake.failing = false;
    }
    expect(fake.statusOf(open)).toBe('open');
    expect((await buyer.readCart()).json().cartItems).toHaveLength(1);
    expect(await stockOf(t.database.db, last.id)).toBe(0);
    expect((await removeLine()).statusCode).toBe(200);
    expect(fake.statusOf(open)).toBe('expired');
  });

  it('expires the session at Stripe before the line goes: the last unit sells once', async () => {
    await setStock(t.database.db, last.id, '', 1);
    expect((await buyer.reserve(last.id, 1)).statusCode).toBe(200);
    const { sessionId: open } = (await buyer.payByCard('stripe')).json();
    expect((await removeLine()).statusCode).toBe(200);
    expect(fake.statusOf(open)).toBe('expired');
    expect(await snapshotStatus(t.database.db, open)).toBe('expired');
    expect(() => fake.pay(open)).toThrow(/not open/); // Stripe refuses an expired session

    const other = shopperCalls(t.app, await signedInShopper(t.database.db, t.config));
    expect((await other.reserve(last.id, 1)).statusCode).toBe(200);
    expect((await other.placeCashOrder()).statusCode).toBe(201);
    expect(await ordersOfSession(open)).toEqual([]);
    expect(await stockOf(t.database.db, last.id)).toBe(0);
  });

  it('a session paid a moment before refuses the change and becomes its order, with the units it held', async () => {
    await setStock(t.database.db, last.id, '', 1);
    expect((await buyer.reserve(last.id, 1)).statusCode).toBe(200);
    const { sessionId: paid } = (await buyer.payByCard('stripe')).json();
    fake.pay(paid); // its webhook is still on the way

    const res = await removeLine();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: CART_INFO.paidByCard });
    expect(await ordersOfSession(paid)).toMatchObject([
      { paymentMethod: 'card', paymentStatus: 'paid', totalCents: 2500 },
    ]);
    expect((await buyer.readCart()).json().cartItems).toEqual([]);
    expect(await stockOf(t.database.db, last.id)).toBe(0);

    expect((await deliver(event('checkout.session.completed', paid))).statusCode).toBe(200);
    expect(await ordersOfSession(paid)).toHaveLength(1);
    expect(await stockOf(t.database.db, last.id)).toBe(0);
    // The cart is the shopper's again, with no checkout to close.
    await setStock(t.database.db, last.id, '', 1);
    expect((await buyer.reserve(last.id, 1)).statusCode).toBe(200);
  });

  it('an add to a cart whose session was paid a moment before answers 409 as add to cart does, with the stock', async () => {
    const fresh = shopperCalls(t.app, await signedInShopper(t.database.db, t.config));
    await setStock(t.database.db, last.id, '', 2);
    expect((await fresh.reserve(last.id, 1)).statusCode).toBe(200);
    const { sessionId: paid } = (await fresh.payByCard('stripe')).json();
    fake.pay(paid);
    const res = await fresh.reserve(last.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'GENERAL_ERROR',
      message: CART_INFO.paidByCard,
    });
    expect(await ordersOfSession(paid)).toHaveLength(1);
    expect(await stockOf(t.database.db, last.id)).toBe(1);
  });
});

describe('refunding a cancelled pre-order line through Stripe (decision 169)', () => {
  /** Makes the refunds `where` picks due now, as at their next try. */
  const dueNow = (where: SQL) =>
    t.database.db
      .update(orderRefunds)
      .set({ notBefore: new Date(Date.now() - 1000) })
      .where(where);
  /** The provider a sender on another instance asks, through the SDK against the fake. */
  const stripeProvider = () =>
    createStripeProvider(
      createStripeClient({ secretKey: 'sk_test_fake_key', apiUrl: fake.url }),
      'http://shop.test',
    );
  /** A new shopper's paid Stripe order of `units` of a pre-order at `priceCents`. */
  async function paidPreorder(units: number) {
    const figure = await createProduct(t.database.db, { priceCents: 15_000, stock: { '': 10 } });
    await setPreorder(t.database.db, figure.id, day(40));
    const poster = await createProduct(t.database.db, { priceCents: 2_000 });
    const who = await signedInShopper(t.database.db, t.config);
    const calls = shopperCalls(t.app, who);
    expect((await calls.reserve(figure.id, units)).statusCode).toBe(200);
    expect((await calls.reserve(poster.id, 1)).statusCode).toBe(200);
    const { sessionId: id } = (await calls.payByCard('stripe')).json() as { sessionId: string };
    fake.pay(id, 15_000 * units + 2_000 + 500);
    expect((await deliver(event('checkout.session.completed', id))).statusCode).toBe(200);
    const [order] = (
      await t.app.inject({ url: '/api/order/getOrders', headers: who.headers })
    ).json().paginatedOrders as Order[];
    const line = order!.products.find((l) => l.productId._id === figure.id)!;
    return { calls, order: order!, line, id };
  }

  it('refunds the line’s share of the payment at Stripe, once, keyed by the refund', async () => {
    const { calls, order, line, id } = await paidPreorder(2);
    const res = await calls.cancelLine(order.orderID, line.lineId);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PREORDER_CANCEL.cancelledRefunded('$300.00'));
    const [refund] = await t.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order._id));
    expect(refund).toMatchObject({ provider: 'stripe', status: 'refunded', amountCents: 30_000 });
    const made = fake.refunds.filter((r) => r.paymentIntent === fake.paymentIntentOf(id));
    expect(made).toEqual([
      {
        id: refund!.providerRefundId,
        paymentIntent: fake.paymentIntentOf(id),
        amount: 30_000,
        idempotencyKey: `refund-${refund!.id}.0.1`,
        // Tagged with the shop's id of the refund, so a later try finds it (decision 173).
        metadata: { shop_refund_id: refund!.id },
      },
    ]);
  });

  it('keeps a refund owed while Stripe cannot be reached, and the sender makes it later, once', async () => {
    const { calls, order, line, id } = await paidPreorder(1);
    fake.failing = true;
    try {
      const res = await calls.cancelLine(order.orderID, line.lineId);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(PREORDER_CANCEL.cancelledRefundOwed('$150.00'));
      const cancelled = res.json().order as Order;
      expect(cancelled.products.find((l) => l.lineId === line.lineId)!.refund).toEqual({
        amount: 150,
        status: 'owed',
      });
    } finally {
      fake.failing = false;
    }
    expect(fake.refunds.filter((r) => r.paymentIntent === fake.paymentIntentOf(id))).toEqual([]);

    // Its next try is due; two senders (two instances) take it at once.
    await dueNow(eq(orderRefunds.orderId, order._id));
    const provider = stripeProvider();
    const deps = { db: t.database.db, provider, log: t.app.log };
    const results = await Promise.all([settleDueRefunds(deps), settleDueRefunds(deps)]);
    expect(results.reduce((n, r) => n + r.refunded, 0)).toBe(1);
    const [refund] = await t.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order._id));
    expect(refund).toMatchObject({ status: 'refunded', amountCents: 15_000 });
    expect(fake.refunds.filter((r) => r.paymentIntent === fake.paymentIntentOf(id))).toHaveLength(
      1,
    );
  });

  it('asks again under a new key after Stripe had trouble making a refund, which it replays under the old one', async () => {
    const { calls, order, line, id } = await paidPreorder(1);
    fake.refundsFailing = true;
    try {
      const res = await calls.cancelLine(order.orderID, line.lineId);
      expect(res.json().message).toBe(PREORDER_CANCEL.cancelledRefundOwed('$150.00'));
    } finally {
      fake.refundsFailing = false;
    }
    await dueNow(eq(orderRefunds.orderId, order._id));
    const provider = stripeProvider();
    const result = await settleDueRefunds({ db: t.database.db, provider, log: t.app.log });
    expect(result).toMatchObject({ refunded: 1, owed: 0 });
    expect(fake.refunds.filter((r) => r.paymentIntent === fake.paymentIntentOf(id))).toHaveLength(
      1,
    );
  });

  it('leaves a payment refunded outside the shop to staff, refunding nothing more', async () => {
    const { calls, order, line, id } = await paidPreorder(1);
    // Staff gave $10 back in Stripe's dashboard: money left on the payment, but not the shop's
    // to guess about. Refunding the line now could give the same money back twice.
    fake.refunds.push({
      id: 're_dashboard',
      paymentIntent: fake.paymentIntentOf(id),
      amount: 1_000,
      idempotencyKey: undefined,
    });
    const made = fake.refunds.length;
    const refundPosts = () =>
      fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').length;
    const asked = refundPosts();
    const res = await calls.cancelLine(order.orderID, line.lineId);
    expect(res.statusCode).toBe(200);
    const [refund] = await t.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order._id));
    expect(refund).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: REFUND_PROBLEMS.unknownRefunds('$10.00'),
    });
    expect(fake.refunds).toHaveLength(made);
    expect(refundPosts()).toBe(asked);

    // Staff see Stripe's side in the list; tried again, it is refused again for the same reason.
    const staff = await createAccount(t.database, t.config.jwtSecret, 'admin');
    const listed = await t.app.inject({ url: '/api/order/refunds/failed', headers: staff.headers });
    expect(listed.json().refunds).toContainEqual(
      expect.objectContaining({ id: refund!.id, reason: REFUND_PROBLEMS.unknownRefunds('$10.00') }),
    );
    const staffCall = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/refunds/${refund!.id}/${action}`,
        headers: staff.headers,
      });
    const retried = await staffCall('retry');
    expect(retried.json()).toMatchObject({
      status: 'failed',
      message: REFUND_PROBLEMS.refusedAgain(REFUND_PROBLEMS.unknownRefunds('$10.00')),
    });
    expect(fake.refunds).toHaveLength(made);
    // They refund the rest in Stripe's dashboard and say so; a later refund of the same payment
    // counts what they gave back by hand as known.
    expect((await staffCall('refundedByHand')).statusCode).toBe(200);
  });

  it('finds a refund an earlier try made whose answer was lost, a day later too, and makes no second', async () => {
    const { calls, order, line, id } = await paidPreorder(1);
    fake.failing = true;
    try {
      expect((await calls.cancelLine(order.orderID, line.lineId)).statusCode).toBe(200);
    } finally {
      fake.failing = false;
    }
    const [owed] = await t.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order._id));
    expect(owed).toMatchObject({ status: 'owed', attempts: 1 });
    // Stripe made it after all, but the answer never came back; and Stripe has since forgotten
    // the key it was asked under.
    fake.refunds.push({
      id: 're_lost_answer',
      paymentIntent: fake.paymentIntentOf(id),
      amount: owed!.amountCents,
      idempotencyKey: `refund-${owed!.id}.0.1`,
      metadata: { shop_refund_id: owed!.id },
    });
    fake.forgetKeys();
    await dueNow(eq(orderRefunds.id, owed!.id));
    const provider = stripeProvider();
    const result = await settleDueRefunds({ db: t.database.db, provider, log: t.app.log });
    expect(result.refunded).toBe(1);
    const [refund] = await t.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.id, owed!.id));
    expect(refund).toMatchObject({ status: 'refunded', providerRefundId: 're_lost_answer' });
    expect(fake.refunds.filter((r) => r.paymentIntent === fake.paymentIntentOf(id))).toHaveLength(
      1,
    );
  });
});
