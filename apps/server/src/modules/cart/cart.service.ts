/**
 * Cart rules (spec §4 "Cart", DESIGN.md §4 "Stock and reservations"). Every change first locks
 * the cart row, in one transaction (or, for adding units, one statement), so changes to one
 * cart never interleave, and takes stock with a conditional update that can never go below 0.
 */
import {
  CART,
  CART_INFO,
  ORDER_INFO,
  PREORDER,
  SALE_START,
  toDollars,
  userCartId,
  type CartItem,
  type ReserveStockError,
} from '@otaku/shared';
import type { Db, Executor } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import type { ImageUrl } from '../../lib/image-urls';
import {
  enforceRateLimits,
  limitPassed,
  rateLimitArgs,
  sweepNowAndThen,
  type RateLimitHit,
  type RateLimitRule,
} from '../../lib/rate-limit';
import * as repo from './cart.repo';

export type { CartCeilings, CartState } from './cart.repo';

/** Whose cart a call acts on: always the signed-in user's own `user_<id>` cart. */
export interface CartOwner {
  userId: string;
  cartId: string;
}

/**
 * The user's own cart. A request may name it (`cartId`, `userId`), but only as the user's own:
 * another cart or user is refused, not silently ignored.
 */
export function cartOwner(
  userId: string,
  named: { cartId?: string | undefined; userId?: string | undefined } = {},
): CartOwner {
  const cartId = userCartId(userId);
  if (
    (named.cartId !== undefined && named.cartId !== cartId) ||
    (named.userId !== undefined && named.userId !== userId)
  )
    throw forbidden(CART_INFO.wrongCart);
  return { userId, cartId };
}

export interface LineRef {
  productId: string;
  variant: string;
}

/** How many calls that may reserve units one account, and one address, may make a minute. */
export interface ReservationRates {
  perAccount: number;
  perAddress: number;
}

const rule = (name: string, limit: number): RateLimitRule => ({
  name,
  limit,
  windowSeconds: 60,
});

/** The counters a call that may reserve units counts against: its account's and its address's. */
const reservationHits = (owner: CartOwner, address: string, rates: ReservationRates) => [
  { rule: rule('reserve:account', rates.perAccount), subject: owner.userId },
  { rule: rule('reserve:ip', rates.perAddress), subject: address },
];

/**
 * Counts a call that may reserve units (setting a quantity) against the account's and the
 * client address's limits (DESIGN.md §8), in one statement; 429 when either is passed.
 * Counted in the database, so every app instance shares the counts. An add counts in the call
 * that reserves (`reserveStock`).
 */
export function countReservation(
  db: Db,
  owner: CartOwner,
  address: string,
  rates: ReservationRates,
): Promise<void> {
  return enforceRateLimits(
    db,
    reservationHits(owner, address, rates),
    CART_INFO.tooManyReservations,
  );
}

/** What an add is counted against (`reserveStock`): the account's and the address's limits. */
export const reservationCounters = (
  owner: CartOwner,
  address: string,
  rates: ReservationRates,
): repo.RateCounters => rateLimitArgs(reservationHits(owner, address, rates));

/** No counter: an add tried again after its open checkout was closed is not counted twice. */
export const NOT_COUNTED: repo.RateCounters = rateLimitArgs([] as RateLimitHit[]);

/** What an add of a variant known to be sold out answers (sold-out.ts), as the database would. */
export const soldOut = (): never => {
  throw stockFailure(0);
};

/** The 409 a losing reservation answers (spec §4: stock -1 or 0); 404 for no such variant. */
function stockFailure(stock: number | null): AppError {
  if (stock === null) return notFound(CART_INFO.variantNotFound);
  const extra = (body: Omit<ReserveStockError, 'success' | 'message' | 'code'>) => body;
  if (stock === 0) return conflict(CART.outOfStock, 'OUT_OF_STOCK', extra({ stock: 0 }));
  return conflict(
    CART_INFO.onlyLeft(stock),
    'CONCURRENT_MODIFICATION',
    extra({ stock: -1, available: stock }),
  );
}

/**
 * Why a change that would have taken the line to `line` units, and the cart to `cart`, took
 * nothing: the product's sale start still ahead (decision 166: named first, as nothing can be
 * bought before it), a ceiling it would pass (409 GENERAL_ERROR with its own message and the
 * stock, as the spec's client shows any other message), a pre-order past its last pre-order day
 * (decision 167), the product's limit per customer, or else too few units left. The start, the
 * last day and the limit are read only on a refusal, in one read (decisions 140, 166, 167): an
 * add's call has read them already (`known`), a change of a line reads them now.
 */
async function refusal(
  db: Db,
  owner: CartOwner,
  ref: LineRef,
  ceilings: repo.CartCeilings,
  held: { line: number; cart: number },
  after: { line: number; cart: number },
  stock: number | null,
  known?: repo.CustomerUnits,
): Promise<AppError> {
  if (stock === null) return stockFailure(stock);
  const terms = known ?? (await repo.customerUnits(db, owner.cartId, ref.productId));
  if (terms.opensAt !== null)
    return conflict(SALE_START.notOnSaleYet(terms.opensAt), 'GENERAL_ERROR', {
      stock,
      opensAt: terms.opensAt,
    });
  if (after.line > ceilings.itemMax)
    return conflict(CART_INFO.lineLimit(ceilings.itemMax, held.line), 'GENERAL_ERROR', { stock });
  if (after.cart > ceilings.cartMax)
    return conflict(CART_INFO.cartLimit(ceilings.cartMax, held.cart), 'GENERAL_ERROR', { stock });
  if (terms.preordersClosedOn !== null)
    return conflict(PREORDER.closed(terms.preordersClosedOn), 'GENERAL_ERROR', { stock });
  const more = after.line - held.line;
  if (terms.limit !== null && terms.inCart + terms.bought + more > terms.limit)
    return conflict(CART_INFO.customerLimit(terms.limit, terms.bought), 'GENERAL_ERROR', {
      stock,
    });
  return stockFailure(stock);
}

/** What a change of one line answers: the line's quantity, the stock left, the cart after. */
export interface LineResult {
  reservedQuantity: number;
  stock: number;
  cart: repo.CartState;
}

/** One shopper's add among those of a variant's turn (`reserveTogether`). */
export type AddOfMany = repo.AddOfMany;

/** Several shoppers' adds of one variant in one round trip (`repo.addUnitsTogether`). */
export const reserveTogether = (db: Db, adds: AddOfMany[], ceilings: repo.CartCeilings) =>
  repo.addUnitsTogether(db, adds, ceilings);

/**
 * Reserves `quantity` more units for the cart, within the cart's ceilings, counting the call
 * against `counters` first (429 when one is passed, nothing reserved); answers the line's
 * quantity and the stock left. One round trip, whatever the answer (`repo.addUnits`).
 */
export async function reserveStock(
  db: Db,
  owner: CartOwner,
  ref: LineRef & { quantity: number },
  ceilings: repo.CartCeilings,
  counters: repo.RateCounters,
  sawStock: (stock: number | null) => void = () => {},
  send: (add: repo.AddOfMany) => Promise<repo.CountedReservation> = (add) =>
    repo.addUnits(db, add.line, ceilings, add.counters),
): Promise<LineResult> {
  const added = await send({
    line: {
      cartId: owner.cartId,
      userId: owner.userId,
      productId: ref.productId,
      variant: ref.variant,
      quantity: ref.quantity,
    },
    counters,
  });
  if (counters.keys.length > 0) sweepNowAndThen(db);
  if (added.retryAfter !== null) throw limitPassed(added.retryAfter, CART_INFO.tooManyReservations);
  const { reservation } = added;
  sawStock(reservation.stock);
  if (reservation.taken) {
    const { stock, reservedQuantity, cart } = reservation;
    return { stock, reservedQuantity, cart };
  }
  const held = { line: reservation.itemHeld, cart: reservation.cartHeld };
  throw await refusal(
    db,
    owner,
    ref,
    ceilings,
    held,
    { line: held.line + ref.quantity, cart: held.cart + ref.quantity },
    reservation.stock,
    'terms' in added ? added.terms : undefined,
  );
}

/**
 * Changes a line to the quantity `target` says (0 removes it), reserving or releasing the
 * difference in the same statement; more units only within the cart's ceilings.
 */
async function changeLine(
  db: Db,
  owner: CartOwner,
  ref: LineRef,
  target: repo.LineTarget,
  ceilings: repo.CartCeilings,
): Promise<LineResult> {
  const change = await repo.changeLineUnits(db, { cartId: owner.cartId, ...ref }, target, ceilings);
  if (!change.found) throw notFound(CART.itemNotFound);
  if (!change.done || !change.cart) {
    const held = { line: change.current, cart: change.cartHeld };
    const after = { line: change.wanted, cart: change.cartHeld - change.current + change.wanted };
    throw await refusal(db, owner, ref, ceilings, held, after, change.stock);
  }
  return { reservedQuantity: change.wanted, stock: change.stock, cart: change.cart };
}

export const setQuantity = (
  db: Db,
  owner: CartOwner,
  ref: LineRef & { newQuantity: number },
  ceilings: repo.CartCeilings,
) => changeLine(db, owner, ref, { set: ref.newQuantity }, ceilings);

/** Gives back up to `quantity` units of a line (spec: a decrement cannot go below 0). */
export const decrementReservation = (
  db: Db,
  owner: CartOwner,
  ref: LineRef & { quantity: number },
  ceilings: repo.CartCeilings,
) => changeLine(db, owner, ref, { less: ref.quantity }, ceilings);

export const removeLine = (db: Db, owner: CartOwner, ref: LineRef, ceilings: repo.CartCeilings) =>
  setQuantity(db, owner, { ...ref, newQuantity: 0 }, ceilings);

/**
 * Empties the cart and returns every unit it held, in the caller's transaction; the cart row is
 * taken first, the lock order every cart change keeps (decision 050). For an account that goes:
 * a checkout it left open is not closed (decision 112).
 */
export async function emptyCart(tx: Executor, owner: CartOwner): Promise<void> {
  await repo.touchCart(tx, owner.cartId, owner.userId);
  await repo.returnStock(tx, await repo.deleteLines(tx, owner.cartId));
}

/**
 * Empties the cart and returns every unit it held, as the shopper asks; CheckoutOpenError, with
 * nothing changed, while a card checkout of the cart may be open.
 */
export const clearCart = (db: Db, owner: CartOwner): Promise<void> =>
  db.transaction(async (tx) => {
    await repo.touchCartForChange(tx, owner.cartId, owner.userId);
    await repo.returnStock(tx, await repo.deleteLines(tx, owner.cartId));
  });

/**
 * A refusal of closing the checkout (the session was paid a moment before, or the cart kept
 * changing) as the calls that may take units answer every 409 (spec §4, `reserveStockErrorSchema`):
 * `GENERAL_ERROR` with the variant's stock now, so the client shows the message.
 */
export async function asStockRefusal(db: Db, ref: LineRef, error: unknown): Promise<never> {
  if (!(error instanceof AppError) || error.status !== 409 || error.code !== 'CONFLICT')
    throw error;
  const stock = (await repo.variantStock(db, ref.productId, ref.variant)) ?? 0;
  throw conflict(error.message, 'GENERAL_ERROR', { stock });
}

/** Closes the cart's open card checkouts, at the provider and then here (open-checkouts.ts). */
export type CloseCheckouts = (owner: CartOwner) => Promise<void>;

/**
 * How often a change refused for an open checkout closes it and tries again: only card
 * checkouts started again and again in between can use them all up.
 */
const CLOSING_ROUNDS = 3;

/**
 * Runs a change the shopper makes to their cart once no card checkout of it is open (DESIGN.md
 * §8, decision 137): the session priced the cart as it was, so paying it after the change
 * would buy units the cart no longer holds. The change refuses, changing nothing, while one
 * may be open; it is closed, at the provider first, and the change is tried again. A cart
 * without one pays nothing for this: the flag is read with the row the change locks anyway.
 */
export async function closingCheckouts<T>(
  owner: CartOwner,
  close: CloseCheckouts,
  change: () => Promise<T>,
): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await change();
    } catch (error) {
      if (!(error instanceof repo.CheckoutOpenError)) throw error;
      if (round === CLOSING_ROUNDS) throw conflict(ORDER_INFO.cartChanged);
      await close(owner);
    }
  }
}

export const productImageUrl = (base: string): string => `${base}-400.webp`;

export function toCartItem(line: repo.CartLineRow, imageUrl: ImageUrl): CartItem {
  return {
    _id: line.productId,
    productId: line.productId,
    name: line.name,
    image: imageUrl(productImageUrl(line.image)),
    price: toDollars(line.priceCents),
    itemQuantity: line.quantity,
    selectedVariant: line.variant,
    category: line.category,
    // Only on a pre-order's line: an ordinary line keeps the shape it always had.
    ...(line.releaseDate ? { releaseDate: line.releaseDate } : {}),
  };
}

/** A cart's rules as the shop is configured: its ceilings and how long its holds last. */
export interface CartRules extends repo.CartCeilings {
  /** A cart's holds end this long after its last change (RESERVATION_TTL_MINUTES). */
  ttlMinutes: number;
}

/**
 * The cart's lines, its rules, and when the first of its holds ends if nothing changes: the
 * TTL after its last change, or `holdMaxMinutes` after a line's first unit was held, whichever
 * comes first (as the sweeper releases them).
 */
export function cartView(
  { lines, touchedAt }: repo.CartState,
  rules: CartRules,
  imageUrl: ImageUrl,
) {
  const ends = [
    ...(touchedAt ? [touchedAt.getTime() + rules.ttlMinutes * 60_000] : []),
    ...lines.map((l) => Date.parse(l.reservedAt) + rules.holdMaxMinutes * 60_000),
  ];
  const heldUntil =
    lines.length > 0 && touchedAt ? new Date(Math.min(...ends)).toISOString() : null;
  return {
    cartItems: lines.map((line) => toCartItem(line, imageUrl)),
    heldUntil,
    reservationTtlMinutes: rules.ttlMinutes,
    reservationMaxMinutes: rules.holdMaxMinutes,
    maxUnitsPerItem: rules.itemMax,
    maxUnitsPerCart: rules.cartMax,
  };
}

/** The cart as it is now: its lines and when it was last used. */
export const cartState = (ex: Executor, cartId: string) => repo.readCartState(ex, cartId);
