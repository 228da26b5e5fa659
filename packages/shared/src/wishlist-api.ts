/**
 * The requests and answers of the wishlist's and back-in-stock alerts' calls (decision 168).
 */
import { z } from './zod';
import { productSchema } from './catalog-api';
import { PAGE_SIZE, VARIANT_MAX_LENGTH } from './constants';
import { UNSUBSCRIBE_TOKEN_MAX_LENGTH } from './wishlist-messages';

const productIdSchema = z.string().trim().min(1).max(40);
/** A volume (V1), a size (M) or '' for products with a single stock. */
const variantSchema = z.string().trim().max(VARIANT_MAX_LENGTH).default('');

export const wishlistParamsSchema = z.object({ productID: productIdSchema });

/** The shopper's own saved products and alerts, by key only: the hearts and the product page. */
export const wishlistKeysResponseSchema = z.object({
  success: z.literal(true),
  productIDs: z.array(z.string()),
  alerts: z.array(z.object({ productID: z.string(), variant: z.string() })),
});
export type WishlistKeysResponse = z.infer<typeof wishlistKeysResponseSchema>;

export const stockAlertSchema = z.object({
  productID: z.string(),
  name: z.string(),
  variant: z.string(),
  image: z.string(),
  /** When the shopper asked (ISO time); alerts are answered in this order. */
  askedAt: z.string(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

/** GET /api/wishlist: the wishlist page, newest saved first, and the waiting alerts. */
export const wishlistResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  items: z.array(z.object({ product: productSchema, savedAt: z.string() })),
  alerts: z.array(stockAlertSchema),
  maxItems: z.number().int(),
  maxAlerts: z.number().int(),
});
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;

export const wishlistChangedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

export const stockAlertRequestSchema = z.object({
  productId: productIdSchema,
  variant: variantSchema,
});
export type StockAlertRequest = z.input<typeof stockAlertRequestSchema>;

export const unsubscribeQuerySchema = z.object({
  token: z.string().trim().min(1).max(UNSUBSCRIBE_TOKEN_MAX_LENGTH),
});

/** Staff: how many shoppers saved each product and wait for each of its variants. */
export const productInterestSchema = z.object({
  productID: z.string(),
  saved: z.number().int(),
  waiting: z.number().int(),
  variants: z.array(z.object({ variant: z.string(), waiting: z.number().int() })),
});
export type ProductInterest = z.infer<typeof productInterestSchema>;

export const productInterestQuerySchema = z.object({
  /** Comma-separated productIDs: the dashboard table's page. */
  ids: z
    .string()
    .max(PAGE_SIZE.dashboard * 41)
    .transform((s) => [...new Set(s.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(z.array(productIdSchema).max(PAGE_SIZE.dashboard)),
});

export const productInterestResponseSchema = z.object({
  success: z.literal(true),
  interest: z.array(productInterestSchema),
});
export type ProductInterestResponse = z.infer<typeof productInterestResponseSchema>;

export const mostWantedResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productInterestSchema.extend({ name: z.string() })),
});
export type MostWantedResponse = z.infer<typeof mostWantedResponseSchema>;
