/**
 * The wishlist's and back-in-stock alerts' limits and words (DESIGN.md §9, decision 168), for
 * the server and the shop alike. No zod here: the shop's pages take these without the schemas.
 */
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
  loadFailed: 'We could not load your wishlist. Please try again.',
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
