import { ORDER_MAIL } from '@otaku/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/prepared';
import { orderMails, orders } from '../../db/schema/index';
import { useTestApp } from '../../../test/helpers';
import { createAccount } from '../../../test/staff';
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
/** The order's mail of this kind as the queue holds it. */
const queued = async (orderId: string, kind: 'confirmation' | 'shipped' = 'confirmation') =>
  (
    await t.database.db
      .select()
      .from(orderMails)
      .where(and(eq(orderMails.orderId, orderId), eq(orderMails.kind, kind)))
  )[0];
/** Makes the order's confirmation due again, as if it had not gone out. */
const makeDue = (orderId: string, attempts = 0) =>
  t.database.db.execute(
    sql`update order_mails set sent_at = null, not_before = now(), attempts = ${attempts}
        where order_id = ${orderId} and kind = 'confirmation'`,
  );

const deps = (mailer = t.app.mailer): OrderMailDeps => ({
  db: t.database.db,
  mailer,
  log: t.app.log,
  shopUrl: 'https://shop.example',
});

describe('order e-mails', () => {
  it('goes out soon after a cash order, with its lines, totals, payment and address', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const coupon = await createCoupon(t.database.db, { discountPercent: 20 });
    const order = await placeCashOrder(shopper, coupon.code);

    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(1), { timeout: 5000 });
    const [mail] = mailsTo(shopper.email);
    expect(mail!.subject).toBe(ORDER_MAIL.confirmation.subject(order.orderID));
    expect(mail!.text).toContain(ORDER_MAIL.confirmation.heading(shopper.username));
    expect(mail!.text).toContain('- 2 × Moon <Knight> & Co (V1): $39.98');
    expect(mail!.text).toContain(`- 1 × ${figure.name}: $5.55`);
    expect(mail!.text).toContain('Subtotal: $45.53');
    expect(mail!.text).toContain(`Discount (${coupon.code}, 20%): -$9.11`);
    expect(mail!.text).toContain('Total: $41.42');
    expect(mail!.text).toContain(ORDER_MAIL.payment('cod', '$41.42'));
    expect(mail!.text).toContain('Delivery address: 1-2-3 Akihabara, Tokyo');
    expect(mail!.html).toContain('Moon &#60;Knight&#62; &#38; Co');
    expect(mail!.html).not.toContain('<Knight>');
    await vi.waitFor(async () => expect((await queued(order._id))?.sentAt).toBeInstanceOf(Date));
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
    const send = t.app.mailer.send;
    t.app.mailer.send = down.send;
    let order: { _id: string; orderID: string };
    try {
      order = await placeCashOrder(shopper);
      await vi.waitFor(async () => expect((await queued(order._id))?.attempts).toBe(1));
    } finally {
      t.app.mailer.send = send;
    }
    const row = (await queued(order._id))!;
    expect(row.sentAt).toBeNull();
    expect(row.notBefore.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await sendDueOrderMails(deps())).toEqual({ sent: 0, failed: 0 });

    await makeDue(order._id, 1);
    expect(await sendDueOrderMails(deps(down))).toEqual({ sent: 0, failed: 1 });
    expect((await queued(order._id))?.attempts).toBe(2);

    await makeDue(order._id, 2);
    expect(await sendDueOrderMails(deps())).toEqual({ sent: 1, failed: 0 });
    expect(mailsTo(shopper.email)).toHaveLength(1);
    expect((await queued(order._id))?.sentAt).toBeInstanceOf(Date);

    await makeDue(order._id, ORDER_MAIL_TRIES);
    expect(await sendDueOrderMails(deps())).toEqual({ sent: 0, failed: 0 });
    // The last try, failing, leaves the row out of every later look for due mail.
    await makeDue(order._id, ORDER_MAIL_TRIES - 1);
    expect(await sendDueOrderMails(deps(down))).toEqual({ sent: 0, failed: 1 });
    const [last] = rowsOf<{ attempts: number; forever: boolean }>(
      await t.database.db.execute(
        sql`select attempts, not_before = 'infinity' as forever from order_mails
            where order_id = ${order._id} and kind = 'confirmation'`,
      ),
    );
    expect(last).toEqual({ attempts: ORDER_MAIL_TRIES, forever: true });
  });

  it('is sent once however many senders run at the same time', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const placed = [await placeCashOrder(shopper), await placeCashOrder(shopper)];
    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(2));
    for (const o of placed) {
      await vi.waitFor(async () => expect((await queued(o._id))?.sentAt).toBeInstanceOf(Date));
      await makeDue(o._id);
    }
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

  it('tells the shopper once that the order shipped, however often staff mark it so', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const staff = await createAccount(t.database, t.config.jwtSecret, 'admin');
    const order = await placeCashOrder(shopper);
    const mark = async (status: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/order/update/${order._id}`,
        headers: staff.headers,
        payload: { status },
      });
      expect(res.statusCode).toBe(200);
    };
    await mark('processing');
    await mark('shipped');
    const subject = ORDER_MAIL.shipped.subject(order.orderID);
    const shipped = () => mailsTo(shopper.email).filter((m) => m.subject === subject);
    await vi.waitFor(() => expect(shipped()).toHaveLength(1), { timeout: 5000 });
    expect(shipped()[0]!.text).toContain(ORDER_MAIL.shipped.heading(shopper.username));
    expect(shipped()[0]!.text).toContain(ORDER_MAIL.payment('cod', '$50.53'));

    await mark('delivered');
    await mark('shipped');
    expect(await sendDueOrderMails(deps())).toEqual({ sent: 0, failed: 0 });
    expect(shipped()).toHaveLength(1);
  });

  it('is forgotten with its order', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const order = await placeCashOrder(shopper);
    await t.database.db.delete(orders).where(eq(orders.id, order._id));
    expect(await queued(order._id)).toBeUndefined();
  });
});
