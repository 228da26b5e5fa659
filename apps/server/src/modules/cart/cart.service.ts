/**
 * Cart rules (spec §4 "Cart", DESIGN.md §4 "Stock and reservations"). Every change first locks
 * the cart row, in one transaction (or, for adding units, one statement), so changes to one
 * cart never interleave, and takes stock with a conditional update that can never go below 0.
 */
import {
  CART,
  CART_INFO,
  MAX_LINE_QUANTITY,
  toDollars,
  userCartId,
  type CartItem,
  type ReserveStockError,
} from '@otaku/shared';
import type { Db, Executor } from '../../db/client';
import { CART_LINE_MAX_CHECK } from '../../db/schema/index';
import { violatedConstraint } from '../../lib/db-errors';
import type { AppError } from '../../lib/errors';
import { conflict, forbidden, notFound } from '../../lib/errors';
import * as repo from './cart.repo';

export type { CartState } from './cart.repo';

/** Whose cart a call acts on: always the signed-in user's own `user_<id>` cart. */
export interface CartOwner {
  userId: string;
  cartId: string;
}

/** A user can only name their own cart; a different cartId is refused, not silently ignored. */
export function cartOwner(userId: string, requestedCartId?: string): CartOwner {
  const cartId = userCartId(userId);
  if (requestedCartId !== undefined && requestedCartId !== cartId)
    throw forbidden(CART_INFO.wrongCart);
  return { userId, cartId };
}

export interface LineRef {
  productId: string;
  variant: string;
}

/** The 409 a losing reservation answers (spec §4: stock -1 or 0). */
async function reservationFailure(ex: Executor, ref: LineRef): Promise<AppError> {
  const stock = await repo.readStock(ex, ref.productId, ref.variant);
  if (stock === null) throw notFound(CART_INFO.variantNotFound);
  const extra = (body: Omit<ReserveStockError, 'success' | 'message' | 'code'>) => body;
  if (stock === 0) return conflict(CART.outOfStock, 'OUT_OF_STOCK', extra({ stock: 0 }));
  return conflict(
    CART_INFO.onlyLeft(stock),
    'CONCURRENT_MODIFICATION',
    extra({ stock: -1, available: stock }),
  );
}

/**
 * Why an add took nothing: the line would pass MAX_LINE_QUANTITY (a GENERAL_ERROR with its own
 * message, spec §8 shows it), or too few units were left.
 */
async function addFailure(
  ex: Executor,
  owner: CartOwner,
  ref: LineRef & { quantity: number },
): Promise<AppError> {
  const held = (await repo.lineQuantity(ex, owner.cartId, ref.productId, ref.variant)) ?? 0;
  if (held + ref.quantity <= MAX_LINE_QUANTITY) return reservationFailure(ex, ref);
  const stock = (await repo.readStock(ex, ref.productId, ref.variant)) ?? 0;
  return conflict(CART_INFO.lineLimit(MAX_LINE_QUANTITY, held), 'GENERAL_ERROR', { stock });
}

/** What a change of one line answers: the line's quantity, the stock left, the cart after. */
export interface LineResult {
  reservedQuantity: number;
  stock: number;
  cart: repo.CartState;
}

/** Reserves `quantity` more units for the cart; answers the line's quantity and stock left. */
export async function reserveStock(
  db: Db,
  owner: CartOwner,
  ref: LineRef & { quantity: number },
): Promise<LineResult> {
  const reserved = await repo
    .reserveUnits(db, {
      cartId: owner.cartId,
      userId: owner.userId,
      productId: ref.productId,
      variant: ref.variant,
      quantity: ref.quantity,
    })
    .catch((error: unknown) => {
      // Another add of the same line committed first, and the two passed the limit together:
      // the database refused this one whole (migration 0016), so nothing was taken.
      if (violatedConstraint(error) === CART_LINE_MAX_CHECK) return null;
      throw error;
    });
  if (!reserved) throw await addFailure(db, owner, ref);
  return reserved;
}

/**
 * Changes a line to the quantity `target` says (0 removes it), reserving or releasing the
 * difference in the same statement.
 */
async function changeLine(
  db: Db,
  owner: CartOwner,
  ref: LineRef,
  target: repo.LineTarget,
): Promise<LineResult> {
  const change = await repo.changeLineUnits(db, { cartId: owner.cartId, ...ref }, target);
  if (!change.found) throw notFound(CART.itemNotFound);
  if (!change.done || !change.cart) throw await reservationFailure(db, ref);
  return { reservedQuantity: change.wanted, stock: change.stock, cart: change.cart };
}

export const setQuantity = (db: Db, owner: CartOwner, ref: LineRef & { newQuantity: number }) =>
  changeLine(db, owner, ref, { set: ref.newQuantity });

/** Gives back up to `quantity` units of a line (spec: a decrement cannot go below 0). */
export const decrementReservation = (
  db: Db,
  owner: CartOwner,
  ref: LineRef & { quantity: number },
) => changeLine(db, owner, ref, { less: ref.quantity });

export const removeLine = (db: Db, owner: CartOwner, ref: LineRef) =>
  setQuantity(db, owner, { ...ref, newQuantity: 0 });

/**
 * Empties the cart and returns every unit it held, in the caller's transaction; the cart row is
 * taken first, the lock order every cart change keeps (decision 050).
 */
export async function emptyCart(tx: Executor, owner: CartOwner): Promise<void> {
  await repo.touchCart(tx, owner.cartId, owner.userId);
  await repo.returnStock(tx, await repo.deleteLines(tx, owner.cartId));
}

/** Empties the cart and returns every unit it held. */
export const clearCart = (db: Db, owner: CartOwner): Promise<void> =>
  db.transaction((tx) => emptyCart(tx, owner));

export const productImageUrl = (base: string): string => `${base}-400.webp`;

export function toCartItem(line: repo.CartLineRow): CartItem {
  return {
    _id: line.productId,
    productId: line.productId,
    name: line.name,
    image: productImageUrl(line.image),
    price: toDollars(line.priceCents),
    itemQuantity: line.quantity,
    selectedVariant: line.variant,
    category: line.category,
  };
}

/** The cart's lines and when its reservations lapse if nothing changes. */
export function cartView({ lines, touchedAt }: repo.CartState, ttlMinutes: number) {
  const heldUntil =
    lines.length > 0 && touchedAt
      ? new Date(touchedAt.getTime() + ttlMinutes * 60_000).toISOString()
      : null;
  return { cartItems: lines.map(toCartItem), heldUntil, reservationTtlMinutes: ttlMinutes };
}

/** The cart as it is now: its lines and when it was last used. */
export const cartState = (ex: Executor, cartId: string) => repo.readCartState(ex, cartId);
