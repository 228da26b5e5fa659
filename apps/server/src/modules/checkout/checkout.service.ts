/**
 * Checkout: the one service that touches cart, coupons, orders and payments together
 * (DESIGN.md §4 "Orders"). Prices and totals always come from the database; nothing a client
 * sends about money is read.
 */
import {
  computeTotals,
  COUPON,
  COUPON_INFO,
  ORDER_INFO,
  PAYMENT_INFO,
  type Order,
} from '@otaku/shared';
import type { Db, Executor } from '../../db/client';
import { COUPON_USE_COUPON_FK } from '../../db/schema/index';
import { violatedConstraint } from '../../lib/db-errors';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { newOrderNumber } from '../../lib/ids';
import { enforceRateLimits } from '../../lib/rate-limit';
import type { AuthUser } from '../../plugins/auth';
import * as cartRepo from '../cart/cart.repo';
import { cartOwner } from '../cart/cart.service';
import { findCouponByCode, recordCouponUse, type CouponRow } from '../coupons/coupons.repo';
import { usableCoupon } from '../coupons/coupons.service';
import { toOrder } from '../orders/order-dto';
import { addUnitsSold, insertOrder, type NewOrder } from '../orders/orders.repo';
import {
  attachOrder,
  claimSnapshot,
  insertSnapshot,
  type SnapshotItem,
} from '../payments/payments.repo';
import type { PaymentReport } from '../payments/payment-provider';
import { withNoOpenCheckout, type CheckoutDeps } from './open-checkouts';

export interface CheckoutInput {
  couponCode: string | null;
  deliveryAddress: string;
}

/** The cart's lines priced from the database, with the coupon re-checked for this user. */
async function priceLines(
  tx: Executor,
  user: AuthUser,
  lines: readonly cartRepo.CartLineRow[],
  couponCode: string | null,
) {
  if (lines.length === 0) throw badRequest(ORDER_INFO.emptyCart);
  const coupon: CouponRow | null = couponCode ? await usableCoupon(tx, couponCode, user.id) : null;
  const items: SnapshotItem[] = lines.map((l) => ({
    productId: l.productId,
    variant: l.variant,
    quantity: l.quantity,
    priceCents: l.priceCents,
    name: l.name,
    image: l.image,
    releaseDate: l.releaseDate ?? null,
  }));
  return { items, coupon, totals: computeTotals(items, coupon?.discountPercent ?? 0) };
}

type Priced = Awaited<ReturnType<typeof priceLines>>;

function orderValues(user: AuthUser, address: string, priced: Priced): NewOrder {
  const { totals, coupon } = priced;
  return {
    orderNumber: newOrderNumber(),
    userId: user.id,
    customerName: user.username,
    customerEmail: user.email,
    paymentMethod: 'cod',
    paymentStatus: 'unpaid',
    status: 'pending',
    shippingAddress: address,
    subtotalCents: totals.subtotalCents,
    shippingCents: totals.shippingCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    couponCode: coupon?.code ?? null,
    discountPercent: coupon?.discountPercent ?? 0,
    checkoutSessionId: null,
  };
}

/** The order's lines; `short[i]` is how many units of item i could not be taken (none: 0). */
const lineValues = (items: readonly SnapshotItem[], short: readonly number[] = []) =>
  items.map((i, n) => ({
    productId: i.productId,
    productName: i.name,
    productImage: i.image,
    variant: i.variant,
    quantity: i.quantity,
    priceCents: i.priceCents,
    shortQuantity: short[n] ?? 0,
    releaseDate: i.releaseDate ?? null,
  }));

/**
 * Places a cash-on-delivery order in one transaction: re-prices the cart, re-checks and spends
 * the coupon, turns the reservations into order lines and empties the cart. The cart's open
 * card checkouts are closed first (open-checkouts.ts).
 */
export async function placeCashOrder(
  deps: CheckoutDeps,
  user: AuthUser,
  input: CheckoutInput,
): Promise<Order> {
  const { cartId } = cartOwner(user.id);
  return withNoOpenCheckout(deps, { cartId, userId: user.id }, async (tx, cart) => {
    const priced = await priceLines(tx, user, cart.lines, input.couponCode);
    const { order, lines } = await insertOrder(
      tx,
      orderValues(user, input.deliveryAddress, priced),
      lineValues(priced.items),
    );
    if (priced.coupon) {
      const recorded = await recordCouponUse(tx, {
        couponId: priced.coupon.id,
        userId: user.id,
        orderId: order.id,
        discountCents: priced.totals.discountCents,
      }).catch(unlessCouponDeleted);
      if (!recorded) throw conflict(COUPON_INFO.alreadyUsed);
    }
    // The reserved units become the order's: they leave the cart without going back to stock.
    await addUnitsSold(tx, order.id, { emptyCart: cartId });
    return toOrder(order, lines, user, deps.imageUrl);
  });
}

/** A coupon deleted by staff after it was checked (its row is not locked) is as unknown as any. */
function unlessCouponDeleted(error: unknown): never {
  if (violatedConstraint(error) === COUPON_USE_COUPON_FK)
    throw new AppError(400, COUPON.invalid, 'VALIDATION', 'couponCode');
  throw error;
}

/**
 * Whether a line has been held RESERVATION_MAX_MINUTES already, by the app's clock: the
 * database's own release (`cart_release_lapsed`) then decides by its clock, and a line the two
 * clocks disagree about is released by the next cart change or sweep instead.
 */
const heldPastCeiling = (lines: readonly cartRepo.CartLineRow[], holdMaxMinutes: number) => {
  const cutoff = Date.now() - holdMaxMinutes * 60_000;
  return lines.some((line) => Date.parse(line.reservedAt) <= cutoff);
};

/** How often one account, and one client address, may start a card payment (decision 137). */
const CHECKOUT_STARTS = {
  perAccount: { name: 'checkout-start:account', limit: 20, windowSeconds: 3600 },
  perAddress: { name: 'checkout-start:ip', limit: 60, windowSeconds: 3600 },
} as const;

/**
 * Counts a card payment's start against the account's and the client address's limits, in one
 * statement; 429 when either is passed. Each start holds the cart's units for a session and
 * calls the provider twice (a new session, the old one closed), so it is not free to repeat.
 */
export function countCheckoutStart(db: Db, userId: string, address: string): Promise<void> {
  return enforceRateLimits(
    db,
    [
      { rule: CHECKOUT_STARTS.perAccount, subject: userId },
      { rule: CHECKOUT_STARTS.perAddress, subject: address },
    ],
    PAYMENT_INFO.tooManyCheckouts,
  );
}

/** Whether the cart still holds exactly the lines, at the prices, that were sent to be paid. */
const stillPriced = (lines: readonly cartRepo.CartLineRow[], items: readonly SnapshotItem[]) =>
  lines.length === items.length &&
  lines.every((line, i) => {
    const item = items[i]!;
    return (
      line.productId === item.productId &&
      line.variant === item.variant &&
      line.quantity === item.quantity &&
      line.priceCents === item.priceCents
    );
  });

/**
 * Starts a card checkout: closes the cart's earlier ones, prices the cart, opens a session at
 * the provider and stores the snapshot the order will be made from once the payment completes.
 * The snapshot is stored only if, under the cart's lock, no other checkout of the cart is open
 * (one started at the same instant is closed first) and the cart is still what was priced (a
 * cash order placed meanwhile emptied it). Otherwise the session is never handed out, so
 * nobody can pay it; it is closed at the provider all the same.
 */
export async function startCardCheckout(
  deps: CheckoutDeps,
  user: AuthUser,
  input: CheckoutInput,
): Promise<{ sessionId: string; url: string }> {
  const owner = { cartId: cartOwner(user.id).cartId, userId: user.id };
  const priced = await withNoOpenCheckout(deps, owner, async (tx, cart) => {
    // A new session must not carry a line past its longest hold: closing the old session and
    // opening another every half hour would keep units off sale for ever. Such lines go back on
    // sale now (committed, so the shopper's cart shows it) and the shopper checks the cart.
    if (!heldPastCeiling(cart.lines, deps.holdMaxMinutes))
      return priceLines(tx, user, cart.lines, input.couponCode);
    await cartRepo.releaseLapsedLines(tx, owner.cartId, deps.holdMaxMinutes);
    return null;
  });
  if (!priced) throw conflict(ORDER_INFO.holdEnded);
  const session = await deps.provider.createSession({
    items: priced.items,
    ...priced.totals,
    couponCode: priced.coupon?.code ?? null,
    customerEmail: user.email,
    ...owner,
  });
  try {
    await withNoOpenCheckout(deps, owner, async (tx, cart) => {
      if (cart.lines.length === 0) throw badRequest(ORDER_INFO.emptyCart);
      if (!stillPriced(cart.lines, priced.items)) throw conflict(ORDER_INFO.cartChanged);
      await insertSnapshot(tx, {
        sessionId: session.sessionId,
        provider: deps.provider.name,
        userId: user.id,
        customerName: user.username,
        customerEmail: user.email,
        cartId: owner.cartId,
        items: priced.items,
        couponCode: priced.coupon?.code ?? null,
        discountPercent: priced.coupon?.discountPercent ?? 0,
        shippingAddress: input.deliveryAddress,
        ...priced.totals,
        expiresAt: session.expiresAt,
      });
      // Until it is closed, the cart's units stay held and a change to the cart closes it first.
      await cartRepo.markCheckoutOpen(tx, owner.cartId);
    });
  } catch (error) {
    // Tidying only: the session was never handed out. The error is the shopper's answer.
    await deps.provider.closeSession(session.sessionId).catch(() => 'closed');
    throw error;
  }
  return { sessionId: session.sessionId, url: session.url };
}

export interface Fulfilment {
  orderId: string;
  orderNumber: string;
  /**
   * The lines with units the order needed that were neither reserved nor in stock any more,
   * as recorded on the order (decision 138); empty when every unit was taken.
   */
  short: Array<{ productId: string; variant: string; quantity: number }>;
}

/**
 * Turns a paid checkout into an order (status processing, paid) from its snapshot, exactly
 * once: the snapshot is claimed by a conditional update, and orders.checkout_session_id is
 * unique besides. Returns null when the session is unknown, was already fulfilled, or was
 * closed and `report` does not allow that. The stripe webhook and the test provider's hosted
 * page both end here.
 */
export async function fulfilCheckout(
  db: Db,
  sessionId: string,
  report: PaymentReport,
): Promise<Fulfilment | null> {
  return db.transaction(async (tx) => {
    const from = report.evenIfClosed ? (['open', 'expired'] as const) : (['open'] as const);
    // A payment the shop takes itself (the test provider) pays only a session not yet expired.
    const snapshot = await claimSnapshot(tx, sessionId, from, !report.evenIfClosed);
    if (!snapshot) return null;
    const items = snapshot.items as SnapshotItem[];
    // A shopper whose account was deleted while paying still gets the order (decision 112);
    // their cart went with the account and gave its units back, so they come from stock.
    if (snapshot.userId) await cartRepo.touchCart(tx, snapshot.cartId, snapshot.userId);
    // Taken before the order is written, so each line is written once, with what it is short.
    const short = await consumeReservations(tx, snapshot.cartId, items);
    const { order } = await insertOrder(
      tx,
      {
        orderNumber: newOrderNumber(),
        userId: snapshot.userId,
        customerName: snapshot.customerName,
        customerEmail: snapshot.customerEmail,
        paymentMethod: 'card',
        paymentStatus: 'paid',
        status: 'processing',
        shippingAddress: snapshot.shippingAddress,
        subtotalCents: snapshot.subtotalCents,
        shippingCents: snapshot.shippingCents,
        discountCents: snapshot.discountCents,
        totalCents: snapshot.totalCents,
        couponCode: snapshot.couponCode,
        discountPercent: snapshot.discountPercent,
        checkoutSessionId: sessionId,
      },
      lineValues(items, short),
    );
    if (snapshot.couponCode) {
      const coupon = await findCouponByCode(tx, snapshot.couponCode);
      // Already paid at the discounted price: a use recorded meanwhile cannot undo that.
      if (coupon)
        await recordCouponUse(tx, {
          couponId: coupon.id,
          userId: snapshot.userId,
          orderId: order.id,
          discountCents: snapshot.discountCents,
        });
    }
    await addUnitsSold(tx, order.id);
    await attachOrder(tx, sessionId, order.id);
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      short: items
        .map((item, n) => ({
          productId: item.productId,
          variant: item.variant,
          quantity: short[n]!,
        }))
        .filter((line) => line.quantity > 0),
    };
  });
}

/**
 * The paid units come out of the cart's reservations. Units whose reservation lapsed while
 * the shopper paid are taken from stock instead, as far as there is any. Returns, item by
 * item, how many units were missing: the order records them so staff see it was oversold.
 */
async function consumeReservations(tx: Executor, cartId: string, items: SnapshotItem[]) {
  const short: number[] = [];
  for (const item of items) {
    const held = (await cartRepo.lockLine(tx, cartId, item.productId, item.variant)) ?? 0;
    const fromCart = Math.min(held, item.quantity);
    if (held > 0)
      await cartRepo.setLineQuantity(tx, cartId, item.productId, item.variant, held - fromCart);
    short.push(
      await cartRepo.takeAvailable(tx, item.productId, item.variant, item.quantity - fromCart),
    );
  }
  return short;
}
