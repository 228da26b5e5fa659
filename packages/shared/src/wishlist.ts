/**
 * The wishlist and back-in-stock alerts (DESIGN.md §9, decision 168): limits, words and the
 * requests and answers of their calls, for the server and the shop alike.
 */
import { z } from 'zod';
import { productSchema } from './catalog-api';
import { PAGE_SIZE, VARIANT_MAX_LENGTH } from './constants';

/** Most products one shopper's wishlist holds. */
export const WISHLIST_MAX = 200;
/** Most back-in-stock alerts one shopper may have waiting at once. */
export const STOCK_ALERTS_MAX = 50;
/** Products the dashboard's "Most wanted" card lists. */
export const MOST_WANTED_SIZE = 5;
/** Longest unsubscribe token accepted (a user id and an HMAC, base64url). */
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 200;

/** What the shop says about the wishlist and alerts. */
export const WISHLIST = {
  saved: 'Saved to your wishlist.',
  removed: 'Removed from your wishlist.',
  fetched: 'Wishlist fetched.',
  full: `Your wishlist holds at most ${WISHLIST_MAX} products: remove one to save another.`,
  productNotFound: 'Product not found.',
  variantNotFound: 'This product has no such size or volume.',
  alertCreated: 'We will mail you when it is back.',
  alertCancelled: 'Alert cancelled.',
  alertsFull: `You can wait for at most ${STOCK_ALERTS_MAX} sold-out items at once: cancel an alert to ask for another.`,
  inStock: 'It is in stock: add it to your cart.',
  unsubscribed: 'You will get no more back-in-stock e-mails: your alerts are cancelled.',
  badUnsubscribeLink: 'This unsubscribe link is not valid.',
  /** Buttons and labels. */
  save: 'Save to wishlist',
  remove: 'Remove from wishlist',
  notifyMe: 'Notify me when it is back',
  willMail: 'You will be mailed when it is back',
  cancelAlert: 'Cancel alert',
  signInToSave: 'Log in to save products to your wishlist.',
  signInToNotify: 'Log in to be mailed when it is back.',
  empty: 'Your wishlist is empty. Tap the heart on a product to save it here.',
  noAlerts: 'You are not waiting for any sold-out item.',
  heading: 'Wishlist',
  alertsHeading: 'Back-in-stock alerts',
  unsubscribeHeading: 'Back-in-stock e-mails',
  unsubscribeLead: 'Stop every back-in-stock e-mail and cancel your waiting alerts?',
  unsubscribeButton: 'Unsubscribe',
  inStockLabel: 'In stock',
  soldOutLabel: 'Sold out',
  mostWanted: 'Most wanted',
  mostWantedEmpty: 'Nobody is waiting for a sold-out item.',
  wantedColumn: 'Wanted',
  waiting: (n: number) => `${n} waiting`,
  savedBy: (n: number) => `${n} saved`,
} as const;

/** The back-in-stock e-mail's words. */
export const STOCK_ALERT_MAIL = {
  subject: (name: string) => `${name} is back in stock`,
  heading: (name: string) => `Good news, ${name}!`,
  lead: (product: string, variant: string) =>
    `${product}${variant ? ` (${variant})` : ''} is back in stock. Units go fast: it may sell out again.`,
  productLink: 'See the product',
  unsubscribeLink: 'Unsubscribe from back-in-stock e-mails',
} as const;

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
