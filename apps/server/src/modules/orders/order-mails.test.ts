import { ORDER_MAIL } from '@otaku/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { orderMails, orders } from '../../db/schema/index';
import { useTestApp } from '../../../test/helpers';
import {
  createCoupon,
  createProduct,
  signedInShopper,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';
import { ORDER_MAIL_TRIES, sendDueOrderMails, type OrderMailDeps } from './order-mails';

const t = useTestApp();
let comic: ProductFixture;
let figure: ProductFixture;

beforeAll(async () => {
  comic = await createProduct(t.database.db, {
    category: 'comics',
    name: 'Moon <Knight> & Co',
    priceCents: 1999,
    stock: { V1: 50 },
  });
  figure = await createProduct(t.database.db, { priceCents: 555, stock: { '': 50 } });
});

const post = (who: Shopper, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: who.headers });

/** Fills the cart with 2 × the comic (V1) and 1 × the figure: 2 × 19.99 + 5.55 = 45.53. */
async function fillCart(who: Shopper) {
  await post(who, '/reserveStock', { productId: comic.id, variant: 'V1', quantity: 2 });
  await post(who, '/reserveStock', { productId: figure.id, quantity: 1 });
}

async function placeCashOrder(who: Shopper, couponCode?: string) {
  await fillCart(who);
  const res = await post(who, '/order/placeOrder', {
    deliveryAddress: '1-2-3 Akihabara, Tokyo',
    paymentMethod: 'cod',
    ...(couponCode ? { couponCode } : {}),
  });
  expect(res.statusCode).toBe(201);
  return res.json().order as { _id: string; orderID: string };
}

const mailsTo = (email: string) => t.app.mailer.outbox!.filter((m) => m.to === email);
const owed = async (orderId: string) =>
  (await t.database.db.select().from(orderMails).where(eq(orderMails.orderId, orderId)))[0];

const deps = (mailer = t.app.mailer): OrderMailDeps => ({
  db: t.database.db,
  mailer,
  log: t.app.log,
  shopUrl: 'https://shop.example',
});

describe('order confirmation e-mail', () => {
  it('goes out soon after a cash order, with its lines, totals, payment and address', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const coupon = await createCoupon(t.database.db, { discountPercent: 20 });
    const order = await placeCashOrder(shopper, coupon.code);

    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(1), { timeout: 5000 });
    const [mail] = mailsTo(shopper.email);
    expect(mail!.subject).toBe(ORDER_MAIL.subject(order.orderID));
    expect(mail!.text).toContain(ORDER_MAIL.greeting(shopper.username));
    expect(mail!.text).toContain('- 2 × Moon <Knight> & Co (V1): $39.98');
    expect(mail!.text).toContain(`- 1 × ${figure.name}: $5.55`);
    expect(mail!.text).toContain('Subtotal: $45.53');
    expect(mail!.text).toContain(`Discount (${coupon.code}, 20%): -$9.11`);
    expect(mail!.text).toContain('Total: $41.42');
    expect(mail!.text).toContain(ORDER_MAIL.payment('cod', '$41.42'));
    expect(mail!.text).toContain('Delivery address: 1-2-3 Akihabara, Tokyo');
    expect(mail!.html).toContain('Moon &#60;Knight&#62; &#38; Co');
    expect(mail!.html).not.toContain('<Knight>');
    await vi.waitFor(async () => expect(await owed(order._id)).toBeUndefined());
  });

  it('goes out for a card order once it is paid', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    await fillCart(shopper);
    const session = await post(shopper, '/test/create-checkout-session', {
      paymentData: { deliveryAddress: 'Nagoya' },
    });
    expect(session.statusCode).toBe(200);
    expect(mailsTo(shopper.email)).toHaveLength(0);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${session.json().url}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4242424242424242',
    });
    expect(paid.statusCode).toBe(303);
    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(1), { timeout: 5000 });
    expect(mailsTo(shopper.email)[0]!.text).toContain(ORDER_MAIL.payment('card', '$50.53'));
  });

  it('is tried again later when the mail cannot be sent, and given up after 8 tries', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const down = { ...t.app.mailer, send: () => Promise.reject(new Error('smtp down')) };
    // The app's own sender would race this test for the row: it must find nothing due.
    const send = t.app.mailer.send;
    t.app.mailer.send = down.send;
    let order: { _id: string; orderID: string };
    try {
      order = await placeCashOrder(shopper);
      await vi.waitFor(async () => expect((await owed(order._id))?.attempts).toBe(1));
    } finally {
      t.app.mailer.send = send;
    }
    const row = (await owed(order._id))!;
    expect(row.notBefore.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await sendDueOrderMails(deps())).toEqual({ sent: 0, failed: 0 });

    const due = sql`update order_mails set not_before = now() where order_id = ${order._id}`;
    await t.database.db.execute(due);
    expect(await sendDueOrderMails(deps(down))).toEqual({ sent: 0, failed: 1 });
    expect((await owed(order._id))?.attempts).toBe(2);

    await t.database.db.execute(due);
    expect(await sendDueOrderMails(deps())).toEqual({ sent: 1, failed: 0 });
    expect(mailsTo(shopper.email)).toHaveLength(1);
    expect(await owed(order._id)).toBeUndefined();

    const other = await placeCashOrder(shopper);
    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(2));
    await t.database.db
      .insert(orderMails)
      .values({ orderId: other._id, attempts: ORDER_MAIL_TRIES });
    expect(await sendDueOrderMails(deps())).toEqual({ sent: 0, failed: 0 });
  });

  it('is sent once however many senders run at the same time', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const placed = [await placeCashOrder(shopper), await placeCashOrder(shopper)];
    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(2));
    await vi.waitFor(async () => expect(await owed(placed[1]!._id)).toBeUndefined());
    await t.database.db.insert(orderMails).values(placed.map((o) => ({ orderId: o._id })));
    const subjects: string[] = [];
    const counting = {
      ...t.app.mailer,
      send: async (m: { subject: string }) => void subjects.push(m.subject),
    };
    const runs = await Promise.all([1, 2, 3].map(() => sendDueOrderMails(deps(counting))));
    // The app's own sender may have taken one meanwhile: it counts in the outbox.
    const byApp = mailsTo(shopper.email).length - 2;
    expect(runs.reduce((n, r) => n + r.sent, 0) + byApp).toBe(2);
    expect(subjects.length + byApp).toBe(2);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it('is no longer owed once its order is deleted', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const order = await placeCashOrder(shopper);
    await t.database.db.insert(orderMails).values({ orderId: order._id }).onConflictDoNothing();
    await t.database.db.delete(orders).where(eq(orders.id, order._id));
    expect(await owed(order._id)).toBeUndefined();
  });
});
