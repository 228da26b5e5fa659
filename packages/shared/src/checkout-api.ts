/**
 * Requests and responses of coupons, orders and card payments (spec §7). Totals are always
 * computed by the server from database prices; a price or total in a request is stripped.
 */
import { z } from './zod';
import { COUPON_CODE_MAX_LENGTH, DELIVERY_ADDRESS_MAX_LENGTH, EMAIL_MAX_LENGTH } from './constants';
import { COUPON, INPUT_RULES, RECRUITER, VALIDATION } from './messages';
import { PREORDER_CANCEL } from './preorders';
import { ORDER_STATUSES, PAYMENT_METHODS, REFUND_STATUSES } from './roles';
import { hasControlCharacters, requiredString } from './text-rules';

/** No coupon is longer than the dashboard lets a code be: a longer one is simply not valid. */
const couponCodeSchema = requiredString(VALIDATION.couponCodeRequired)
  .trim()
  .min(1, VALIDATION.couponCodeRequired)
  .max(COUPON_CODE_MAX_LENGTH, COUPON.invalid)
  .toUpperCase();

/** An optional coupon on an order: blank means none. */
const optionalCouponSchema = z
  .string()
  .trim()
  .max(COUPON_CODE_MAX_LENGTH, COUPON.invalid)
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null));

/** A delivery address; it may run over several lines, but holds no other control characters. */
const deliveryAddress = (missing: string) =>
  requiredString(missing)
    .trim()
    .min(1, missing)
    .max(DELIVERY_ADDRESS_MAX_LENGTH, INPUT_RULES.deliveryAddressTooLong)
    .refine(
      (address) => !hasControlCharacters(address, true),
      INPUT_RULES.controlCharacters('Delivery address'),
    );

export const deliveryAddressSchema = deliveryAddress(VALIDATION.deliveryAddressRequired);

export const couponVerifyRequestSchema = z.object({
  couponCode: couponCodeSchema,
  /** Sent by the spec's client; the server uses the signed-in user instead. */
  userEmail: z.string().max(EMAIL_MAX_LENGTH, RECRUITER.invalidEmail).optional(),
});
export type CouponVerifyRequest = z.input<typeof couponVerifyRequestSchema>;

export const verifiedCouponSchema = z.object({
  couponCode: z.string(),
  discountPercentage: z.number().int(),
  expiryDate: z.string(),
});
export type VerifiedCoupon = z.infer<typeof verifiedCouponSchema>;

export const couponVerifyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ coupondata: z.object({ coupon: verifiedCouponSchema }) }),
});
export type CouponVerifyResponse = z.infer<typeof couponVerifyResponseSchema>;

export const placeOrderRequestSchema = z.object({
  couponCode: optionalCouponSchema,
  deliveryAddress: deliveryAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, {
    // Not chosen reads the spec's text; an unknown method is named as such.
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? VALIDATION.paymentMethodRequired
        : undefined,
  }),
  cartId: z.string().max(100).optional(),
  userId: z.string().optional(),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;

/** A card refund of a cancelled pre-order line: how much, and whether the provider took it. */
export const refundSchema = z.object({
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
});
export type Refund = z.infer<typeof refundSchema>;

export const orderLineSchema = z.object({
  /** The line's own id: what cancelling a pre-order line names (decision 169). */
  lineId: z.string(),
  productId: z.object({ _id: z.string().nullable(), name: z.string(), image: z.string() }),
  variant: z.string(),
  quantity: z.number().int(),
  /** Unit price in dollars at the time of the order. */
  price: z.number(),
  /**
   * The release date (yyyy-mm-dd) of a line ordered as a pre-order, as it was when ordered;
   * null for a line ordered from stock (decision 167).
   */
  releaseDate: z.string().nullish(),
  /** Whether the line's product is still a pre-order: the line waits for its release. */
  waitingForRelease: z.boolean().optional(),
  /** The release date the line had before staff moved it (decision 170); only when moved. */
  releaseMovedFrom: z.string().nullish(),
  /** Present (true) on a pre-order line its shopper cancelled (decision 169). */
  cancelled: z.boolean().optional(),
  /** The card refund of a cancelled line of an order paid by card. */
  refund: refundSchema.optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** An order as the shopper and the dashboard see it (spec §3 "Order"); amounts in dollars. */
export const orderSchema = z.object({
  _id: z.string(),
  orderID: z.string(),
  user: z.object({
    username: z.string(),
    email: z.string(),
    profilePic: z.string().nullable(),
  }),
  createdAt: z.string(),
  orderDate: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(['unpaid', 'paid']),
  status: z.enum(ORDER_STATUSES),
  shippingAddress: z.string(),
  subtotal: z.number(),
  shippingCost: z.number(),
  discount: z.number(),
  discountPercentage: z.number().int(),
  finalAmount: z.number(),
  couponCode: z.string().nullable(),
  products: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const placeOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: orderSchema,
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

export const getOrdersQuerySchema = z.object({
  currPage: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Sent by the spec's client; ignored: the user comes from the token. */
  email: z.string().max(EMAIL_MAX_LENGTH, RECRUITER.invalidEmail).optional(),
  userId: z.string().optional(),
});
export type GetOrdersQuery = z.input<typeof getOrdersQuerySchema>;

export const getOrdersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  paginatedOrders: z.array(orderSchema),
  currPage: z.number().int(),
  totalPages: z.number().int(),
  totalOrders: z.number().int(),
});
export type GetOrdersResponse = z.infer<typeof getOrdersResponseSchema>;

/** An orderID as people read it (ORD-…), any letter case. */
const orderIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .transform((id) => id.toUpperCase());

/** GET /api/order/getOrder/:orderID. */
export const orderParamsSchema = z.object({ orderID: orderIdSchema });

/** POST /api/order/cancelPreorderLine: one line of one of the caller's orders (decision 169). */
export const cancelPreorderLineRequestSchema = z.object({
  orderID: orderIdSchema,
  lineId: z.uuid({ error: PREORDER_CANCEL.lineNotFound }),
});
export type CancelPreorderLineRequest = z.input<typeof cancelPreorderLineRequestSchema>;
export const cancelPreorderLineResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: orderSchema,
});
export type CancelPreorderLineResponse = z.infer<typeof cancelPreorderLineResponseSchema>;

export const getOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: orderSchema,
});
export type GetOrderResponse = z.infer<typeof getOrderResponseSchema>;

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const createCheckoutSessionRequestSchema = z.object({
  paymentData: z.object({
    couponCode: optionalCouponSchema,
    deliveryAddress: deliveryAddress(VALIDATION.deliveryAddressRequiredForCard),
    cartId: z.string().max(100).optional(),
  }),
});
export type CreateCheckoutSessionRequest = z.input<typeof createCheckoutSessionRequestSchema>;

export const createCheckoutSessionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  sessionId: z.string(),
  /** The provider's hosted checkout page; the browser goes there. */
  url: z.string(),
});
export type CreateCheckoutSessionResponse = z.infer<typeof createCheckoutSessionResponseSchema>;

/** Which card provider this shop uses, so the web app calls /api/{provider}/... */
export const paymentConfigResponseSchema = z.object({
  success: z.literal(true),
  provider: z.enum(PAYMENT_PROVIDERS),
});
export type PaymentConfigResponse = z.infer<typeof paymentConfigResponseSchema>;
