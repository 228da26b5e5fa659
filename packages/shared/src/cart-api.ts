/**
 * Requests and responses of the cart and stock calls (spec §7 "Cart and stock"). The server
 * derives the cart from the signed-in user; `cartId` and `userId` in a body are accepted for
 * the spec's shape and checked, never trusted. Prices are never read from a client.
 */
import { z } from './zod';
import { CATEGORIES } from './catalog';
import { CART_INFO } from './checkout-messages';
import { MAX_LINE_QUANTITY, VARIANT_MAX_LENGTH } from './constants';

const lineQuantity = z
  .number()
  .int()
  .max(MAX_LINE_QUANTITY, CART_INFO.lineLimit(MAX_LINE_QUANTITY, 0));

const productIdSchema = z.string().trim().min(1).max(40);
/** A volume (V1), a size (M) or '' for products with a single stock. */
const variantSchema = z.string().trim().max(VARIANT_MAX_LENGTH).default('');
const cartIdSchema = z.string().trim().min(1).max(100).optional();

/** One line of a cart (spec §3 "Cart item"); `_id` is the product id. */
export const cartItemSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  /** Unit price in dollars, from the database. */
  price: z.number(),
  itemQuantity: z.number().int(),
  selectedVariant: z.string(),
  category: z.enum(CATEGORIES),
  /** A pre-order's release date (yyyy-mm-dd) while it lies ahead; null otherwise (decision 167). */
  releaseDate: z.string().nullish(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The cart as every cart call answers it. */
export const cartResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  cartItems: z.array(cartItemSchema),
  /** When the held units go back to stock if nothing else happens (ISO time), null when empty. */
  heldUntil: z.string().nullable(),
  reservationTtlMinutes: z.number().int(),
  /** The longest a unit stays held after it was first added, however often the cart changes. */
  reservationMaxMinutes: z.number().int(),
  /** The most units of one item (product and variant) the cart may hold. */
  maxUnitsPerItem: z.number().int(),
  /** The most units the cart may hold in all. */
  maxUnitsPerCart: z.number().int(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const getCartRequestSchema = z.object({ userId: z.string().optional() });
export type GetCartRequest = z.input<typeof getCartRequestSchema>;
/** POST /cart's body may be left out: the spec's client sends {userId}, a bare call is fine too. */
export const getCartBodySchema = getCartRequestSchema.nullish();

export const reserveStockRequestSchema = z.object({
  cartId: cartIdSchema,
  productId: productIdSchema,
  variant: variantSchema,
  quantity: lineQuantity.min(1),
  userId: z.string().optional(),
});
export type ReserveStockRequest = z.input<typeof reserveStockRequestSchema>;

export const reserveStockResponseSchema = cartResponseSchema.extend({
  /** Units of this product and variant now held by the cart. */
  reservedQuantity: z.number().int(),
  /** Units still available to others after this reservation. */
  stock: z.number().int(),
});
export type ReserveStockResponse = z.infer<typeof reserveStockResponseSchema>;

/**
 * A reservation that lost: 409 with code CONCURRENT_MODIFICATION and stock -1 when fewer units
 * are left than asked for (`available` says how many), OUT_OF_STOCK and stock 0 when none are,
 * GENERAL_ERROR with the stock left when the cart would pass a ceiling (MAX_UNITS_PER_ITEM,
 * MAX_UNITS_PER_CART), its message saying which.
 */
export const reserveStockErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(['CONCURRENT_MODIFICATION', 'OUT_OF_STOCK', 'GENERAL_ERROR']),
  stock: z.number().int(),
  available: z.number().int().optional(),
  /** A refusal before the product's sale start (decision 166): when it opens, ISO instant. */
  opensAt: z.string().optional(),
});
export type ReserveStockError = z.infer<typeof reserveStockErrorSchema>;

export const decrementReservationRequestSchema = z.object({
  cartId: cartIdSchema,
  productId: productIdSchema,
  variant: variantSchema,
  quantity: lineQuantity.min(1),
});
export type DecrementReservationRequest = z.input<typeof decrementReservationRequestSchema>;

export const updateCartRequestSchema = z.object({
  productId: productIdSchema,
  variant: variantSchema,
  /** 0 removes the line. */
  newQuantity: lineQuantity.min(0),
});
export type UpdateCartRequest = z.input<typeof updateCartRequestSchema>;

export const removeFromCartRequestSchema = z.object({
  productId: productIdSchema,
  variant: variantSchema,
});
export type RemoveFromCartRequest = z.input<typeof removeFromCartRequestSchema>;
