import {
  DASHBOARD_RULES,
  ORDER_MAIL,
  ORDER_MAIL_STATUS,
  type OrderMailKind,
  type OrderMailStatus,
} from '@otaku/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/prepared';
import { orderMails, orders } from '../../db/schema/index';
import { useTestApp } from '../../../test/helpers';
import { createAccount, type TestAccount } from '../../../test/staff';
import {
  createCoupon,
  createProduct,
  signedInShopper,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';
import { ORDER_MAIL_TRIES, sendDueOrderMails, type OrderMailDeps } from './order-mails';
import { oweOrderMailAgain } from './orders.repo';

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
const queued = async (orderId: string, kind: OrderMailKind = 'confirmation') =>
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

/** A send that fails, and a mailer whose every send does, as with a mail server that is down. */
const mailDown = () => Promise.reject(new Error('smtp down'));
const down = () => ({ ...t.app.mailer, send: mailDown });

/** A new shopper's cash order placed while the app's mail is down, once its first try failed. */
async function placeWhileMailIsDown() {
  const shopper = await signedInShopper(t.database.db, t.config);
  const send = t.app.mailer.send;
  const tried: string[] = [];
  t.app.mailer.send = (message) => {
    tried.push(message.to);
    return mailDown();
  };
  try {
    const order = await placeCashOrder(shopper);
    // The sender counts a try when it takes the mail, before it sends: mail must stay down
    // until the send itself has failed, or the restored mailer would send it.
    await vi.waitFor(() => expect(tried).toContain(shopper.email));
    await vi.waitFor(async () => expect((await queued(order._id))?.attempts).toBe(1));
    return { shopper, order };
  } finally {
    t.app.mailer.send = send;
  }
}

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
    const { shopper, order } = await placeWhileMailIsDown();
    const row = (await queued(order._id))!;
    expect(row.sentAt).toBeNull();
    expect(row.notBefore.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await sendDueOrderMails(deps())).toEqual({ sent: 0, failed: 0 });

    await makeDue(order._id, 1);
    expect(await sendDueOrderMails(deps(down()))).toEqual({ sent: 0, failed: 1 });
    expect((await queued(order._id))?.attempts).toBe(2);

    await makeDue(order._id, 2);
    expect(await sendDueOrderMails(deps())).toEqual({ sent: 1, failed: 0 });
    expect(mailsTo(shopper.email)).toHaveLength(1);
    expect((await queued(order._id))?.sentAt).toBeInstanceOf(Date);

    await makeDue(order._id, ORDER_MAIL_TRIES);
    expect(await sendDueOrderMails(deps())).toEqual({ sent: 0, failed: 0 });
    // The last try, failing, leaves the row out of every later look for due mail.
    await makeDue(order._id, ORDER_MAIL_TRIES - 1);
    expect(await sendDueOrderMails(deps(down()))).toEqual({ sent: 0, failed: 1 });
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

  it('goes out again when it is owed again while being sent (a further cancellation)', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const placed = await placeCashOrder(shopper);
    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(1));
    await oweOrderMailAgain(t.database.db, placed._id, 'cancellation');
    // The sender is mid-send when the mail is owed again: what it is sending may predate that.
    const subjects: string[] = [];
    const owingMidSend = {
      ...t.app.mailer,
      send: async (m: { subject: string }) => {
        subjects.push(m.subject);
        if (subjects.length === 1)
          await oweOrderMailAgain(t.database.db, placed._id, 'cancellation');
      },
    };
    await sendDueOrderMails(deps(owingMidSend));
    await sendDueOrderMails(deps(owingMidSend));
    expect(subjects.length + mailsTo(shopper.email).length - 1).toBe(2);
    expect((await queued(placed._id, 'cancellation'))?.sentAt).toBeInstanceOf(Date);
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

describe("the dashboard's view of order e-mails (decision 115)", () => {
  let admin: TestAccount;
  beforeAll(async () => {
    admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  });
  const staffCall = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    who: { headers: Record<string, string> } = admin,
  ) => t.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  const mailsOf = async (id: string) => {
    const res = await staffCall('GET', `/order/mails/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json().mails as OrderMailStatus[];
  };
  const recipientOf = async (id: string) =>
    (await staffCall('GET', `/order/mails/${id}`)).json().to as string;
  const givenUpCount = async () =>
    (await staffCall('GET', '/order/mailProblems')).json().failed as number;
  /** Leaves the order's confirmation as the sender leaves one whose last try failed. */
  const giveUp = (orderId: string) =>
    t.database.db.execute(
      sql`update order_mails set sent_at = null, attempts = ${ORDER_MAIL_TRIES},
          not_before = 'infinity' where order_id = ${orderId} and kind = 'confirmation'`,
    );

  it('are for staff only', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const order = await placeCashOrder(shopper);
    for (const [method, url, payload] of [
      ['GET', `/order/mails/${order._id}`],
      ['POST', `/order/mails/${order._id}/resend`, { kind: 'confirmation' }],
      ['GET', '/order/mailProblems'],
      ['POST', '/order/mails/resendFailed'],
    ] as const) {
      const asGuest = await t.app.inject({ method, url: `/api${url}`, payload });
      expect(asGuest.statusCode).toBe(401);
      const asShopper = await staffCall(method, url, payload, shopper);
      expect(asShopper.statusCode).toBe(403);
    }
  });

  it("show where each of an order's e-mails stands, by its id or its number", async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const order = await placeCashOrder(shopper);
    await vi.waitFor(async () => expect((await queued(order._id))?.sentAt).toBeInstanceOf(Date));
    const sentAt = (await queued(order._id))!.sentAt!.toISOString();
    const sent = { kind: 'confirmation', state: 'sent', tries: 1, sentAt, nextTryAt: null };
    expect(await mailsOf(order._id)).toEqual([sent]);
    expect(await mailsOf(order.orderID.toLowerCase())).toEqual([sent]);

    await staffCall('PUT', `/order/update/${order._id}`, { status: 'shipped' });
    await vi.waitFor(async () =>
      expect((await queued(order._id, 'shipped'))?.sentAt).toBeInstanceOf(Date),
    );
    expect((await mailsOf(order._id)).map((m) => [m.kind, m.state])).toEqual([
      ['confirmation', 'sent'],
      ['shipped', 'sent'],
    ]);
  });

  it('name the address they go to: the one the order was placed with', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const order = await placeCashOrder(shopper);
    expect(await recipientOf(order._id)).toBe(shopper.email);
    await t.database.db.execute(
      sql`update users set email = ${`new-${shopper.email}`} where id = ${shopper.id}`,
    );
    expect(await recipientOf(order.orderID)).toBe(shopper.email);
  });

  it('show a mail still being tried with its failed tries and next try', async () => {
    const { order } = await placeWhileMailIsDown();
    const [mail] = await mailsOf(order._id);
    expect(mail).toMatchObject({ kind: 'confirmation', state: 'waiting', tries: 1, sentAt: null });
    expect(new Date(mail!.nextTryAt!).getTime()).toBe(
      (await queued(order._id))!.notBefore.getTime(),
    );
  });

  it('send one e-mail again, whether it went out or not', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const order = await placeCashOrder(shopper);
    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(1), { timeout: 5000 });
    await vi.waitFor(async () => expect((await queued(order._id))?.sentAt).toBeInstanceOf(Date));

    const res = await staffCall('POST', `/order/mails/${order._id}/resend`, {
      kind: 'confirmation',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ORDER_MAIL_STATUS.resendQueued });
    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(2), { timeout: 5000 });
    expect(mailsTo(shopper.email)[1]!.subject).toBe(ORDER_MAIL.confirmation.subject(order.orderID));
    await vi.waitFor(async () => expect((await mailsOf(order._id))[0]?.state).toBe('sent'));

    await giveUp(order._id);
    expect((await mailsOf(order._id))[0]).toMatchObject({
      state: 'failed',
      tries: ORDER_MAIL_TRIES,
    });
    await staffCall('POST', `/order/mails/${order.orderID}/resend`, { kind: 'confirmation' });
    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(3), { timeout: 5000 });
  });

  it('refuse an unknown order, a mail the order does not owe and an unknown kind', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const order = await placeCashOrder(shopper);
    const unknown = await staffCall('GET', '/order/mails/ORD-NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(DASHBOARD_RULES.orderNotFound);
    const resendUnknown = await staffCall('POST', '/order/mails/ORD-NOPE/resend', {
      kind: 'confirmation',
    });
    expect(resendUnknown.statusCode).toBe(404);
    expect(resendUnknown.json().message).toBe(DASHBOARD_RULES.orderNotFound);
    const notShipped = await staffCall('POST', `/order/mails/${order._id}/resend`, {
      kind: 'shipped',
    });
    expect(notShipped.statusCode).toBe(404);
    expect(notShipped.json().message).toBe(DASHBOARD_RULES.mailNotOwed);
    for (const payload of [{ kind: 'invoice' }, {}]) {
      const bad = await staffCall('POST', `/order/mails/${order._id}/resend`, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(DASHBOARD_RULES.mailKindInvalid);
    }
  });

  it('count the e-mails given up on every order, and send them all again', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const placed = [await placeCashOrder(shopper), await placeCashOrder(shopper)];
    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(2), { timeout: 5000 });
    // Those other tests gave up stay counted until they are sent again.
    const before = await givenUpCount();
    for (const o of placed) await giveUp(o._id);
    expect(await givenUpCount()).toBe(before + 2);

    const res = await staffCall('POST', '/order/mails/resendFailed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      resent: before + 2,
      message: ORDER_MAIL_STATUS.resentAll(before + 2),
    });
    expect(await givenUpCount()).toBe(0);
    await vi.waitFor(() => expect(mailsTo(shopper.email)).toHaveLength(4), { timeout: 5000 });
    for (const o of placed) expect((await mailsOf(o._id))[0]?.state).toBe('sent');
  });
});
