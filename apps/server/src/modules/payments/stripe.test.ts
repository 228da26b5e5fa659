import { PAYMENT_INFO } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSnapshots, couponUses, orders } from '../../db/schema/index';
import { startFakeStripe } from '../../../test/fake-stripe';
import { useTestApp } from '../../../test/helpers';
import {
  createCoupon,
  createProduct,
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
