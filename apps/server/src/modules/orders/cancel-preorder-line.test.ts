/**
 * Cancelling a pre-order line (decision 169): only the shopper's own line of a pre-order not yet
 * released; its units go back to the allocation, the order's totals are worked out again by
 * DESIGN.md §4 (coupon kept, freed when nothing is left), a card payment's difference is refunded
 * through the provider (the test provider here; Stripe in stripe.test.ts) and a mail confirms it;
 * the line no longer counts toward a limit per customer, the orders waiting for a release or the
 * units pre-ordered. Many cancellations of one line at once cancel it once.
 */
import {
  computeTotals,
  formatDollars,
  ORDER_INFO,
  ORDER_MAIL,
  PAYMENT_INFO,
  PREORDER_CANCEL,
  REFUND_PROBLEMS,
  toDollars,
  type DashboardProductsResponse,
  type FailedRefundsResponse,
  type Order,
} from '@otaku/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createCoupon,
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
import { couponUses, orderRefunds, orders, products } from '../../db/schema/index';
import { settleDueRefunds } from '../payments/refunds';
import { createTestProvider } from '../payments/test-provider';

const t = useTestApp();
let admin: TestAccount;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
});

async function preorder(stock = 20, priceCents = 12_000): Promise<ProductFixture> {
  const product = await createProduct(t.database.db, { stock: { '': stock }, priceCents });
  await setPreorder(t.database.db, product.id, day(60));
  return product;
}

interface Placed {
  who: Shopper;
  calls: ReturnType<typeof shopperCalls>;
  order: Order;
}

/** A new shopper's order of `units` of each product: cash on delivery, or paid on the test page. */
async function order(
  lines: [ProductFixture, number][],
  {
    card = false,
    coupon,
    cardNumber = PAYMENT_INFO.testCardNumber,
  }: { card?: boolean; coupon?: string; cardNumber?: string } = {},
): Promise<Placed> {
  const who = await signedInShopper(t.database.db, t.config);
  const calls = shopperCalls(t.app, who);
  for (const [product, units] of lines)
    expect((await calls.reserve(product.id, units)).statusCode).toBe(200);
  if (!card) {
    const placed = await calls.placeCashOrder('Kobe', coupon);
    expect(placed.statusCode).toBe(201);
    return { who, calls, order: placed.json().order as Order };
  }
  const session = (await calls.payByCard('test', 'Kobe', coupon)).json() as { url: string };
  const paid = await t.app.inject({
    method: 'POST',
    url: `${session.url}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber }).toString(),
  });
  expect(paid.statusCode).toBe(303);
  const history = await t.app.inject({ url: '/api/order/getOrders', headers: who.headers });
  return { who, calls, order: (history.json().paginatedOrders as Order[])[0]! };
}

const lineOf = (o: Order, product: ProductFixture) =>
  o.products.find((l) => l.productId._id === product.id)!;
const money = (cents: number) => formatDollars(toDollars(cents));
const unitsSold = async (product: ProductFixture) =>
  (
    await t.database.db
      .select({ n: products.unitsSold })
      .from(products)
      .where(eq(products.id, product.id))
  )[0]!.n;
const mailsTo = (who: Shopper) => t.app.mailer.outbox!.filter((m) => m.to === who.email);
/** The shopper's newest mail saying a pre-order was cancelled (the outbox is newest first). */
const cancellationMail = (who: Shopper) =>
  mailsTo(who).find((m) => m.subject.includes('pre-order') && m.subject.includes('cancelled'));

describe('cancelling a pre-order line', () => {
  it('gives its units back and works the totals out again from the lines left (cash, coupon)', async () => {
    const figure = await preorder(20, 12_000);
    const poster = await createProduct(t.database.db, { priceCents: 2_500 });
    const coupon = await createCoupon(t.database.db, { discountPercent: 10 });
    const {
      who,
      calls,
      order: placed,
    } = await order(
      [
        [figure, 2],
        [poster, 1],
      ],
      { coupon: coupon.code },
    );
    expect(placed.finalAmount).toBe(
      toDollars(
        computeTotals(
          [
            { priceCents: 12_000, quantity: 2 },
            { priceCents: 2_500, quantity: 1 },
          ],
          10,
        ).totalCents,
      ),
    );
    expect(await stockOf(t.database.db, figure.id)).toBe(18);
    const soldBefore = await unitsSold(figure);
    await vi.waitFor(() => expect(mailsTo(who)).toHaveLength(1));

    const res = await calls.cancelLine(placed.orderID, lineOf(placed, figure).lineId);
    expect(res.statusCode).toBe(200);
    const after = computeTotals([{ priceCents: 2_500, quantity: 1 }], 10);
    expect(res.json().message).toBe(PREORDER_CANCEL.cancelledTotal(money(after.totalCents)));
    const cancelled = res.json().order as Order;
    expect(lineOf(cancelled, figure)).toMatchObject({ cancelled: true, waitingForRelease: false });
    expect(lineOf(cancelled, figure)).not.toHaveProperty('refund');
    expect(lineOf(cancelled, poster)).not.toHaveProperty('cancelled');
    expect(cancelled).toMatchObject({
      subtotal: toDollars(after.subtotalCents),
      discount: toDollars(after.discountCents),
      shippingCost: toDollars(after.shippingCents),
      finalAmount: toDollars(after.totalCents),
      discountPercentage: 10,
      couponCode: coupon.code,
    });
    expect(await stockOf(t.database.db, figure.id)).toBe(20);
    expect(await unitsSold(figure)).toBe(soldBefore - 2);
    // The coupon's stats count the discount the order still has.
    const [use] = await t.database.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.couponId, coupon.id));
    expect(use!.discountCents).toBe(after.discountCents);

    // The history shows the same, and a mail confirms it.
    const history = await t.app.inject({ url: '/api/order/getOrders', headers: who.headers });
    expect((history.json().paginatedOrders as Order[])[0]).toEqual(cancelled);
    await vi.waitFor(() => expect(mailsTo(who)).toHaveLength(2));
    const mail = cancellationMail(who)!;
    expect(mail.subject).toContain(placed.orderID);
    expect(mail.text).toContain('[Cancelled]');
    expect(mail.text).toContain(`Total: ${money(after.totalCents)}`);
  });

  it('refunds the difference to the card through the provider, and the whole order with its last line', async () => {
    const figure = await preorder(20, 9_000);
    const statue = await preorder(20, 4_000);
    const coupon = await createCoupon(t.database.db, { discountPercent: 15 });
    const {
      who,
      calls,
      order: placed,
    } = await order(
      [
        [figure, 1],
        [statue, 2],
      ],
      { card: true, coupon: coupon.code },
    );
    expect(placed).toMatchObject({ paymentMethod: 'card', paymentStatus: 'paid' });
    const before = computeTotals(
      [
        { priceCents: 9_000, quantity: 1 },
        { priceCents: 4_000, quantity: 2 },
      ],
      15,
    );
    const middle = computeTotals([{ priceCents: 4_000, quantity: 2 }], 15);

    const first = await calls.cancelLine(placed.orderID, lineOf(placed, figure).lineId);
    expect(first.statusCode).toBe(200);
    const firstRefund = before.totalCents - middle.totalCents;
    expect(first.json().message).toBe(PREORDER_CANCEL.cancelledRefunded(money(firstRefund)));
    expect(lineOf(first.json().order, figure).refund).toEqual({
      amount: toDollars(firstRefund),
      status: 'refunded',
    });
    expect(first.json().order.finalAmount).toBe(toDollars(middle.totalCents));

    // The last line: nothing is left, so shipping goes back too and the coupon is free again.
    const last = await calls.cancelLine(placed.orderID, lineOf(placed, statue).lineId);
    expect(last.statusCode).toBe(200);
    expect(last.json().message).toBe(PREORDER_CANCEL.cancelledRefunded(money(middle.totalCents)));
    expect(last.json().order).toMatchObject({
      subtotal: 0,
      shippingCost: 0,
      discount: 0,
      finalAmount: 0,
    });
    expect(
      await t.database.db.select().from(couponUses).where(eq(couponUses.couponId, coupon.id)),
    ).toEqual([]);

    const refunds = await t.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, placed._id));
    expect(refunds.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual(
      [firstRefund, middle.totalCents].sort((a, b) => a - b),
    );
    for (const refund of refunds)
      expect(refund).toMatchObject({ provider: 'test', status: 'refunded', attempts: 1 });
    for (const refund of refunds) expect(refund.providerRefundId).toMatch(/^re_test_/);
    // Everything the card paid came back.
    expect(firstRefund + middle.totalCents).toBe(before.totalCents);
    await vi.waitFor(() =>
      expect(cancellationMail(who)?.text).toContain(
        `Refunded to your card: ${money(before.totalCents)}.`,
      ),
    );
  });

  it('cancels a line once however many ask at once', async () => {
    const figure = await preorder(20, 5_000);
    const { calls, order: placed } = await order([[figure, 3]], { card: true });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        calls.cancelLine(placed.orderID, lineOf(placed, figure).lineId),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(11).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().message).toBe(PREORDER_CANCEL.alreadyCancelled);
    expect(await stockOf(t.database.db, figure.id)).toBe(20);
    const refunds = await t.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, placed._id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amountCents).toBe(Math.round(placed.finalAmount * 100));
  });

  it('refuses what may not be cancelled, each with its reason', async () => {
    const figure = await preorder();
    const poster = await createProduct(t.database.db);
    const {
      who,
      calls,
      order: placed,
    } = await order([
      [figure, 1],
      [poster, 1],
    ]);
    const figureLine = lineOf(placed, figure).lineId;
    const stranger = shopperCalls(t.app, await signedInShopper(t.database.db, t.config));

    const refusals: [
      Promise<{ statusCode: number; json: () => { message: string } }>,
      number,
      string,
    ][] = [
      // Someone else's order reads as one that does not exist.
      [stranger.cancelLine(placed.orderID, figureLine), 404, ORDER_INFO.notFound],
      [calls.cancelLine('ORD-NOSUCH00', figureLine), 404, ORDER_INFO.notFound],
      [calls.cancelLine(placed.orderID, crypto.randomUUID()), 404, PREORDER_CANCEL.lineNotFound],
      [calls.cancelLine(placed.orderID, 'not-a-line'), 400, PREORDER_CANCEL.lineNotFound],
      [
        calls.cancelLine(placed.orderID, lineOf(placed, poster).lineId),
        409,
        PREORDER_CANCEL.notPreorder,
      ],
      [calls.cancelLine('x'.repeat(5_000), figureLine), 400, ''],
    ];
    for (const [call, status, message] of refusals) {
      const res = await call;
      expect(res.statusCode).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/order/cancelPreorderLine',
      payload: { orderID: placed.orderID, lineId: figureLine },
    });
    expect(anonymous.statusCode).toBe(401);

    // Released: too late.
    await setPreorder(t.database.db, figure.id, null);
    const released = await calls.cancelLine(placed.orderID, figureLine);
    expect(released.statusCode).toBe(409);
    expect(released.json().message).toBe(PREORDER_CANCEL.released);
    await setPreorder(t.database.db, figure.id, day(30));

    // Cash already taken.
    await t.database.db
      .update(orders)
      .set({ paymentStatus: 'paid' })
      .where(eq(orders.id, placed._id));
    const cash = await calls.cancelLine(placed.orderID, figureLine);
    expect(cash.statusCode).toBe(409);
    expect(cash.json().message).toBe(PREORDER_CANCEL.paidInCash);

    // Nothing changed.
    const mine = await t.app.inject({
      url: `/api/order/getOrder/${placed.orderID}`,
      headers: who.headers,
    });
    expect(lineOf(mine.json().order, figure)).not.toHaveProperty('cancelled');
    expect(mine.json().order.finalAmount).toBe(placed.finalAmount);
  });

  it('leaves a cancelled line out of the limit per customer, the waiting orders and the units pre-ordered', async () => {
    const figure = await preorder(20);
    await t.database.db
      .update(products)
      .set({ limitPerCustomer: 1 })
      .where(eq(products.id, figure.id));
    const { calls, order: placed } = await order([[figure, 1]]);
    expect((await calls.reserve(figure.id, 1)).statusCode).toBe(409);

    const waiting = async () =>
      (
        (
          await t.app.inject({
            url: '/api/order/allOrdersList?release=waiting',
            headers: admin.headers,
          })
        ).json().currPageOrders as Order[]
      ).map((o) => o.orderID);
    const preordered = async () => {
      const listed = await t.app.inject({
        url: `/api/product/dashboardProducts?productConstraints=${encodeURIComponent(
          JSON.stringify({ category: figure.category, availability: 'preorder' }),
        )}`,
        headers: admin.headers,
      });
      return (listed.json() as DashboardProductsResponse).currPageProducts.find(
        (p) => p.productID === figure.id,
      )?.preorderedUnits;
    };
    expect(await waiting()).toContain(placed.orderID);
    expect(await preordered()).toBe(1);

    expect((await calls.cancelLine(placed.orderID, lineOf(placed, figure).lineId)).statusCode).toBe(
      200,
    );
    expect(await waiting()).not.toContain(placed.orderID);
    expect(await preordered()).toBe(0);
    // The unit given back may be ordered again by the same customer.
    expect((await calls.reserve(figure.id, 1)).statusCode).toBe(200);
  });
});

describe('failed refunds for staff (decision 173)', () => {
  const staffCall = (
    method: 'GET' | 'POST',
    url: string,
    who: { headers: Record<string, string> } = admin,
  ) => t.app.inject({ method, url: `/api${url}`, headers: who.headers });
  const failedList = async () => {
    const res = await staffCall('GET', '/order/refunds/failed');
    expect(res.statusCode).toBe(200);
    return res.json() as FailedRefundsResponse;
  };
  /** A card pre-order line cancelled, its refund then left as the sender leaves a failed one. */
  async function failedRefund(priceCents: number, reason = 'connect ECONNREFUSED 10.0.0.9:443') {
    const figure = await preorder(20, priceCents);
    const placed = await order([[figure, 1]], { card: true });
    const line = lineOf(placed.order, figure);
    expect((await placed.calls.cancelLine(placed.order.orderID, line.lineId)).statusCode).toBe(200);
    const [refund] = await t.database.db
      .update(orderRefunds)
      .set({ status: 'failed', attempts: 8, lastError: reason, providerRefundId: null })
      .where(eq(orderRefunds.lineId, line.lineId))
      .returning();
    return { ...placed, figure, refund: refund! };
  }
  /** The shopper's mail saying a refund that had failed is made (decision 173). */
  const refundMadeMail = (who: Shopper, placed: Order) =>
    mailsTo(who).find((m) => m.subject === ORDER_MAIL['refund-made'].subject(placed.orderID));
  /** The refund of the line as its shopper reads it in their history. */
  const refundSeenBy = async (who: Shopper, placed: Order, product: ProductFixture) => {
    const history = await t.app.inject({ url: '/api/order/getOrders', headers: who.headers });
    const mine = (history.json().paginatedOrders as Order[]).find((o) => o._id === placed._id)!;
    return lineOf(mine, product).refund;
  };
  const refundRow = async (id: string) =>
    (await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.id, id)))[0]!;

  it('are for staff only, and a malformed or unknown id is told apart', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const someId = '6f1c2a52-0d1e-4c55-9a8e-3b0a7d2f9e10';
    for (const [method, url] of [
      ['GET', '/order/refunds/failed'],
      ['POST', `/order/refunds/${someId}/retry`],
      ['POST', `/order/refunds/${someId}/refundedByHand`],
    ] as const) {
      expect((await t.app.inject({ method, url: `/api${url}` })).statusCode).toBe(401);
      expect((await staffCall(method, url, shopper)).statusCode).toBe(403);
    }
    for (const action of ['retry', 'refundedByHand']) {
      const unknown = await staffCall('POST', `/order/refunds/${someId}/${action}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(REFUND_PROBLEMS.notFound);
      const malformed = await staffCall('POST', `/order/refunds/1%27%20or%201=1/${action}`);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe(REFUND_PROBLEMS.notFound);
    }
  });

  it('lists each with its order, customer, line and reason; a retry the provider takes refunds it', async () => {
    const { who, order: placed, figure, refund } = await failedRefund(7_000);
    const listed = await failedList();
    expect(listed.total).toBe(listed.refunds.length);
    expect(listed.refunds).toContainEqual({
      id: refund.id,
      orderId: placed._id,
      orderNumber: placed.orderID,
      customerEmail: who.email,
      productName: lineOf(placed, figure).productId.name,
      amount: toDollars(refund.amountCents),
      tries: 8,
      reason: 'connect ECONNREFUSED 10.0.0.9:443',
      owedSince: refund.createdAt.toISOString(),
    });

    const retried = await staffCall('POST', `/order/refunds/${refund.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({
      success: true,
      status: 'refunded',
      message: REFUND_PROBLEMS.refunded(money(refund.amountCents)),
    });
    const row = await refundRow(refund.id);
    expect(row).toMatchObject({ status: 'refunded', attempts: 1, lastError: null });
    expect(row.providerRefundId).toMatch(/^re_test_/);
    expect((await failedList()).refunds.map((r) => r.id)).not.toContain(refund.id);
    // Told it failed, the shopper hears it is made, with the amount back on the card.
    await vi.waitFor(() =>
      expect(refundMadeMail(who, placed)?.text).toContain(
        ORDER_MAIL.refunded(money(refund.amountCents)),
      ),
    );
    // The shopper's line now reads refunded.
    expect(await refundSeenBy(who, placed, figure)).toEqual({
      amount: toDollars(refund.amountCents),
      status: 'refunded',
    });
    // Done once: asked again, it is no longer failed.
    const again = await staffCall('POST', `/order/refunds/${refund.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFUND_PROBLEMS.notFailed);
  });

  it('marks one refunded by hand, keeping who did; the same refund then refuses a retry', async () => {
    const {
      order: placed,
      figure,
      who,
      refund,
    } = await failedRefund(4_500, 'charge_already_refunded');
    const marked = await staffCall('POST', `/order/refunds/${refund.id}/refundedByHand`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({
      success: true,
      status: 'refunded',
      message: REFUND_PROBLEMS.marked(money(refund.amountCents)),
    });
    const row = await refundRow(refund.id);
    expect(row).toMatchObject({
      status: 'refunded',
      refundedByHandBy: admin.id,
      refundedByHandName: admin.username,
      providerRefundId: null,
    });
    expect(row.refundedAt).toBeInstanceOf(Date);
    expect((await refundSeenBy(who, placed, figure))?.status).toBe('refunded');
    await vi.waitFor(() => expect(refundMadeMail(who, placed)).toBeDefined());
    for (const action of ['retry', 'refundedByHand']) {
      const late = await staffCall('POST', `/order/refunds/${refund.id}/${action}`);
      expect(late.statusCode).toBe(409);
    }
  });

  it("fails for a session paid with the test card that refuses refunds, with that card's reason; tried again, it is refused again", async () => {
    const figure = await preorder(20, 6_000);
    const {
      who,
      calls,
      order: placed,
    } = await order([[figure, 1]], {
      card: true,
      cardNumber: '4000 0000 0000 5126',
    });
    expect(placed).toMatchObject({ paymentMethod: 'card', paymentStatus: 'paid' });
    const cancelled = await calls.cancelLine(placed.orderID, lineOf(placed, figure).lineId);
    expect(cancelled.statusCode).toBe(200);
    const owed = placed.finalAmount;
    expect(cancelled.json().message).toBe(PREORDER_CANCEL.cancelledRefundOwed(formatDollars(owed)));
    expect(await refundSeenBy(who, placed, figure)).toEqual({ amount: owed, status: 'failed' });
    const listed = (await failedList()).refunds.find((r) => r.orderId === placed._id)!;
    expect(listed).toMatchObject({ tries: 1, reason: PAYMENT_INFO.testRefundRefused });

    const retried = await staffCall('POST', `/order/refunds/${listed.id}/retry`);
    expect(retried.json()).toEqual({
      success: true,
      status: 'failed',
      message: REFUND_PROBLEMS.refusedAgain(PAYMENT_INFO.testRefundRefused),
    });
    expect(await refundRow(listed.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a provider answer that comes late does not undo what became of the refund meanwhile', async () => {
    const { refund } = await failedRefund(3_500);
    await t.database.db
      .update(orderRefunds)
      .set({ status: 'owed', attempts: 0, lastError: null, notBefore: new Date(Date.now() - 1000) })
      .where(eq(orderRefunds.id, refund.id));
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const slow = {
      ...createTestProvider(),
      refund: async () => {
        await answered;
        return { refunded: false as const, reason: 'a late refusal' };
      },
    };
    const settling = settleDueRefunds(
      { db: t.database.db, provider: slow, log: t.app.log },
      { ids: [refund.id] },
    );
    await vi.waitFor(async () => expect((await refundRow(refund.id)).attempts).toBe(1));
    // Taken for longer than a provider call lasts: no second try starts while it waits.
    const taken = await refundRow(refund.id);
    expect(taken.notBefore.getTime() - Date.now()).toBeGreaterThan(290_000);
    // Meanwhile staff settled it by hand (as after a try that ran past its lease).
    await t.database.db
      .update(orderRefunds)
      .set({ status: 'refunded', refundedByHandBy: admin.id, refundedAt: new Date() })
      .where(eq(orderRefunds.id, refund.id));
    answer();
    expect(await settling).toEqual({ refunded: 0, failed: 1, owed: 0 });
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'refunded',
      refundedByHandBy: admin.id,
      lastError: null,
    });
  });

  it('many staff acting on one failed refund at once change it once', async () => {
    const { refund } = await failedRefund(3_000);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        staffCall('POST', `/order/refunds/${refund.id}/${i % 2 ? 'retry' : 'refundedByHand'}`),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    expect((await refundRow(refund.id)).status).toBe('refunded');
  });

  it("keeps a deleted order's failed refund listed, without its order", async () => {
    const { order: placed, refund } = await failedRefund(2_500);
    await t.database.db.delete(orders).where(eq(orders.id, placed._id));
    const listed = (await failedList()).refunds.find((r) => r.id === refund.id);
    expect(listed).toMatchObject({
      orderId: null,
      orderNumber: null,
      customerEmail: null,
      productName: null,
      amount: toDollars(refund.amountCents),
    });
  });
});
