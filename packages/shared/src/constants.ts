/** Business constants of the product (spec §9, DESIGN.md §4). One place for both sides. */

export const SHIPPING_CENTS = 500;
export const COUPON_DISCOUNT_MIN = 1;
export const COUPON_DISCOUNT_MAX = 100;
export const PRICE_FILTER_MIN = 0;
export const PRICE_FILTER_MAX = 100;
/**
 * A variant with this many units or fewer is running low: the dashboard's low-stock card lists
 * it, and the products list's low-stock filter shows the products that have one.
 */
export const LOW_STOCK_THRESHOLD = 5;
export const SEARCH_MIN_LENGTH = 2;
/** Longest search text accepted; longer input is a mistake or an attack, not a title. */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_SUGGESTION_LIMIT = 8;
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing cannot be used to tie up the server. */
export const PASSWORD_MAX_LENGTH = 128;
/** The longest address RFC 5321 lets through; longer input is not an address. */
export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest product name: several times the demo catalog's longest, and well inside its index. */
export const PRODUCT_NAME_MAX_LENGTH = 120;
/**
 * Longest product description: over ten times the demo catalog's longest (160), still one
 * screen on the product page, which shows it whole, and in every list answer that carries it.
 */
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 2_000;
/** Longest variant (a volume such as V12, or a size): what every cart and stock call takes. */
export const VARIANT_MAX_LENGTH = 20;
/** Highest product price, in cents ($10,000.00). */
export const PRICE_MAX_CENTS = 1_000_000;
/** Most units of one variant in stock; a stock change may not take it past this either. */
export const STOCK_MAX = 1_000_000;
/** Longest coupon code (the dashboard creates codes of 1 to 32 letters, digits, - and _). */
export const COUPON_CODE_MAX_LENGTH = 32;
export const DELIVERY_ADDRESS_MAX_LENGTH = 500;
/**
 * Most units any cart call accepts, and the highest MAX_UNITS_PER_ITEM a shop may set (the
 * database keeps every cart line within it too).
 */
export const MAX_LINE_QUANTITY = 99;
/**
 * Highest limit per customer staff may set on a product (decision 140): counted across the
 * customer's orders too, so it may be above what one cart holds of an item.
 */
export const LIMIT_PER_CUSTOMER_MAX = 99;

export const PAGE_SIZE = {
  shop: 24,
  history: 10,
  dashboard: 20,
} as const;

export const MAX_PAGE_BUTTONS = 3;
export const DEFAULT_CATEGORY = 'comics';
export const DEFAULT_PAGE = 1;
/** Highest page number accepted: far beyond any catalog, low enough that offsets stay small. */
export const MAX_PAGE = 100_000;

export const TIMINGS = {
  resendCodeCooldownMs: 30_000,
  spinnerDelayMs: 200,
  couponAutoProceedMs: 1_500,
  paymentSuccessRedirectMs: 2_000,
  recruiterRedirectMs: 1_500,
  orderStatsRefreshMs: 600_000,
  homeSectionFlagsMs: [300, 600, 900, 1200],
  homeForceLoadedMs: 2_000,
  highDemandWarningMs: 3_000,
} as const;

/**
 * Toasts start below the navigation bar (64 px, with the demo banner's 24 px above it at the
 * top of a page) so they never cover its buttons. On a phone (the toast library's own width
 * for it, `TOAST_PHONE_MAX_WIDTH_PX`) a toast spans the screen, and below the bar it would cover
 * the page's first controls (a product's Back to Shop) for as long as it shows: there toasts
 * come from the bottom (decision 159).
 */
const BELOW_NAV_PX = 96;
export const TOAST_PHONE_MAX_WIDTH_PX = 600;

export const TOASTS = {
  shop: { durationMs: 5_000, position: 'top-right', visibleToasts: 1, offsetTopPx: BELOW_NAV_PX },
  dashboard: {
    durationMs: 1_000,
    position: 'top-center',
    visibleToasts: 3,
    offsetTopPx: BELOW_NAV_PX,
  },
} as const;

export const BREAKPOINTS = {
  dashboardSidebarPx: 1120,
  carouselPx: [1024, 830, 790],
} as const;

export const LAYOUT = {
  heroHeightPx: 690,
  shopGridHeightPx: 600,
  dashboardProductTableHeightPx: 400,
  carouselSpeedMs: 500,
} as const;

/** The one-time codes mailed for sign-up and for a password reset. */
export const EMAIL_CODE = {
  length: 6,
  ttlMinutes: 10,
  maxWrongTries: 5,
  resendCooldownSeconds: 30,
  /** How long the token a verified code returns stays good for the last step (decision 131). */
  verificationTokenTtlMinutes: 10,
  /** The longest verification token a request may carry; the server issues 43 characters. */
  verificationTokenMaxLength: 128,
} as const;

/**
 * Days an order e-mail is kept once sent (decision 121); one not sent is kept while its order
 * is, so the dashboard can show it and send it again.
 */
export const ORDER_MAIL_KEPT_DAYS = 90;
/** Failed card refunds listed for staff at once, the oldest first (decision 173). */
export const FAILED_REFUNDS_SHOWN = 20;

/** Local storage keys the web app uses (spec §3). */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  userInfo: 'userInfo',
  cartId: 'cartId',
  refreshToken: 'refreshToken',
  rememberedEmail: 'rememberedEmail',
  deliveryAddress: 'deliveryAddress',
  dashboardState: 'dashboardState',
} as const;

/**
 * The cart id of a signed-in user (spec §3). Kept out of the zod schema modules so a page
 * that only needs the id does not load zod.
 */
export const userCartId = (userId: string): string => `user_${userId}`;
