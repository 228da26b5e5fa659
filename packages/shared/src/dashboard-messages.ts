import {
  LIMIT_PER_CUSTOMER_MAX,
  ORDER_MAIL_KEPT_DAYS,
  PRICE_MAX_CENTS,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  STOCK_MAX,
  VARIANT_MAX_LENGTH,
} from './constants';
import { formatWait } from './messages';

const count = (n: number) => n.toLocaleString('en-US');
const dollars = (cents: number) => `$${count(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * Dashboard messages the specification leaves to us (DESIGN.md §3): server refusals and the
 * coupon form's rules. The spec's own dashboard texts stay in messages.ts.
 */
export const DASHBOARD_RULES = {
  currentPasswordRequired: 'Enter your current password to change your own password or email',
  currentPasswordWrong: 'Your current password is not correct',
  currentPasswordTooManyTries: (seconds: number) =>
    `Too many wrong current passwords. Please try again in ${formatWait(seconds)}.`,
  /** An own email change needs a code mailed to the new address as well (decision 136). */
  emailCodeSent:
    'If this email can be used, we sent it a 6-digit code. It is valid for 10 minutes.',
  emailCodeHint: 'To change your email, send a code to the new address and enter it here.',
  emailCodeSendFailed: 'The code could not be sent. Please try again.',
  emailCodeRequired: 'Enter the code we sent to your new email',
  emailCodeInvalid: 'This code is wrong or has expired. Please ask for a new code.',
  emailUnchanged: 'This is already your email.',
  emailChangeMailSubject: 'Your Otaku Shelf email change code',
  /** Mailed to the address an account leaves (decision 136). */
  emailChangedMailSubject: 'The email of your Otaku Shelf account was changed',
  noPasswordToConfirm:
    'This account signs in with Google and has no password yet: log out and use "Forgot password" to set one',
  priceInvalid: 'Price must be a number in dollars, such as 12.99',
  priceDecimals: 'Price must be in whole cents: at most 2 decimals',
  priceTooLow: 'Price must be at least $0.01',
  priceTooHigh: `Price must be at most ${dollars(PRICE_MAX_CENTS)}`,
  nameTooLong: `Product name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${count(PRODUCT_DESCRIPTION_MAX_LENGTH)} characters`,
  volumeTooLong: (volume: string) =>
    `Volume "${volume}" is too long: use at most ${VARIANT_MAX_LENGTH} characters`,
  categoryInvalid: 'Category must be one of comics, clothes, shoes or toys',
  genreInvalid: (genre: string) => `Unknown genre: "${genre}"`,
  sizeInvalid: (size: string) => `Unknown size: "${size}". Use XS, S, M, L, XL or XXL`,
  sizesRequired: 'Choose at least one size before entering stock',
  merchTypeInvalid: 'Choose a merchandise type of this category',
  toyTypeInvalid: 'Choose a toy type from the list',
  stockNotWhole: 'Stock must be a whole number',
  stockTooHigh: `Stock must be at most ${count(STOCK_MAX)}`,
  stockChangeTooHigh: (variant: string) =>
    `This change would take the stock${variant ? ` of ${variant}` : ''} past ${count(STOCK_MAX)}`,
  limitNotANumber: 'Limit per customer must be a number, or empty for no limit',
  limitNotWhole: 'Limit per customer must be a whole number',
  limitTooLow: 'Limit per customer must be at least 1, or empty for no limit',
  limitTooHigh: `Limit per customer must be at most ${LIMIT_PER_CUSTOMER_MAX}`,
  stockInvalidJson: 'Stock must be sent as JSON: a number, or an object of counts per variant',
  productNotFound: 'Product not found.',
  /** Under the products filter's search: a search spans every category, as in the shop. */
  searchAllCategories: 'Searches every category',
  imageUnsupported: 'The image must be a PNG, JPEG, GIF or WebP file.',
  imageTooLarge: 'The image is larger than 10 MB.',
  imageUnreadable: 'The image could not be read. Please choose another file.',
  imageTooManyPixels: 'The image is too large: use one of at most 40 megapixels.',
  imageOneOnly: 'Send one image file only.',
  orderNotFound: 'Order not found.',
  mailKindInvalid: 'Kind must be confirmation or shipped',
  mailNotOwed: 'This order has no e-mail of that kind.',
  shortUnitsFilterInvalid: 'The shortUnits filter must be all or only',
  stockFilterInvalid: 'The stock filter must be all or low',
  userNotFound: 'User not found.',
  couponNotFound: 'Coupon not found.',
  couponCodeRequired: 'Coupon code is required',
  couponCodeFormat: 'Coupon code may use letters, digits, dashes and underscores only (up to 32)',
  couponCodeTaken: 'A coupon with this code already exists.',
  discountRequired: 'Discount is required',
  discountRange: 'Discount must be between 1 and 100',
  discountNotANumber: 'Discount must be a whole number, such as 15',
  expiryRequired: 'Expiry date is required',
  expiryInvalid: 'Expiry date is not a valid date',
  expiryPast: 'Expiry date must be in the future',
  onlySuperAdminChangesRoles: 'Only a super admin can change roles.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  superAdminNotGiven: 'Only the User and Admin roles can be given here.',
  lastSuperAdmin: 'The last super admin cannot be removed or demoted.',
  emailTaken: 'Another account already uses this email.',
  emailInvalid: 'Invalid email address!',
  usernameLength: 'Username must be 3 to 20 characters.',
  passwordTooShort: 'Password must be at least 8 characters.',
  selfRoleNote: 'You cannot change your own role.',
  exportFailed: 'The export could not be created.',
} as const;

/**
 * The card refunds of cancelled pre-order lines that could not be made (decision 173): above
 * the orders, each with its order, amount and the provider's reason, to be tried again or
 * marked as refunded by hand.
 */
export const REFUND_PROBLEMS = {
  heading: (n: number) =>
    n === 1 ? '1 card refund could not be made' : `${n} card refunds could not be made`,
  intro:
    "Each customer is still owed the money. Try a refund again once the payment provider can make it; if you refunded it yourself in the provider's dashboard, mark it refunded by hand.",
  order: (orderNumber: string | null) =>
    orderNumber === null ? 'A deleted order' : `Order ${orderNumber}`,
  what: (amount: string, product: string | null) =>
    product === null ? amount : `${amount} for ${product}`,
  since: (when: string) => `owed since ${when}`,
  tries: (n: number) => (n === 1 ? '1 try' : `${n} tries`),
  reason: (reason: string) => `The provider said: ${reason}`,
  more: (n: number) => `${n} more will show here once these are settled.`,
  retry: 'Try again',
  retryLabel: (order: string, amount: string) => `Try again: refund of ${amount}, ${order}`,
  markRefunded: 'Refunded by hand',
  markLabel: (order: string, amount: string) => `Refunded by hand: ${amount}, ${order}`,
  confirmRetryTitle: (amount: string) => `Try the refund of ${amount} again?`,
  confirmRetry: (amount: string, to: string | null) =>
    `${
      to === null
        ? `${amount} will be refunded through the payment provider to the card that paid.`
        : `${amount} will be refunded through the payment provider to the card ${to} paid with.`
    } If you refunded it in the provider's dashboard, mark it refunded by hand instead.`,
  confirmMarkTitle: (amount: string) => `Mark the refund of ${amount} as made?`,
  confirmMark:
    "Only when the customer has the money back: refunded in the payment provider's own dashboard. The shop stops asking for it, the customer's order reads it as refunded, and your name is kept with it.",
  refunded: (amount: string) => `${amount} was refunded to the card.`,
  stillOwed:
    'The refund is not made yet: the payment provider did not answer in time or could not be reached. It is tried again by itself, and the list shows what came of it.',
  unknownRefunds: (amount: string) =>
    `${amount} of this payment was already refunded outside the shop (in the provider's dashboard, say). Check there; if this refund was among it, mark it refunded by hand.`,
  refusedAgain: (reason: string) => `The payment provider refused the refund again: ${reason}`,
  marked: (amount: string) => `The refund of ${amount} is marked as made by hand.`,
  notFound: 'This refund was not found.',
  notFailed:
    'This refund is no longer waiting for you: it was tried again or marked as made meanwhile.',
  loadFailed: 'The failed refunds could not be read.',
  actionFailed: 'The refund could not be changed.',
} as const;

/** The dashboard's view of the order e-mails (decision 115). */
export const ORDER_MAIL_STATUS = {
  heading: 'E-mails to the customer',
  kind: {
    confirmation: 'Order confirmation',
    shipped: 'Shipped notice',
    cancellation: 'Pre-order cancellation',
    'release-moved': 'New release date',
    'refund-made': 'Refund made',
  },
  sent: (when: string) => `Sent ${when}`,
  sending: 'Sending…',
  retrying: (tries: number, when: string) =>
    `Not sent yet: ${tries} ${tries === 1 ? 'try' : 'tries'} failed, next try ${when}`,
  failed: (tries: number) => `Could not be sent (${tries} tries failed)`,
  none: `No e-mail is recorded for this order. Sent e-mails are kept for ${ORDER_MAIL_KEPT_DAYS} days.`,
  loading: 'Reading the e-mails…',
  loadFailed: 'The e-mails of this order could not be read.',
  resend: 'Send again',
  // Starts with the button's own words (WCAG 2.5.3), so speaking them finds it.
  resendLabel: (kind: string) => `Send again: ${kind.toLowerCase()}`,
  // The question before a mail goes to a customer again (decision 119): what, and to whom.
  confirmResendTitle: (kind: string) => `Send the ${kind.toLowerCase()} again?`,
  confirmResend: (kind: string, orderNumber: string, to: string) =>
    `The ${kind.toLowerCase()} of order ${orderNumber} will be e-mailed to ${to} again.`,
  alreadySent: (when: string) => `It was already sent ${when}.`,
  confirmResendAllTitle: (n: number) =>
    n === 1 ? 'Send 1 e-mail again?' : `Send ${n} e-mails again?`,
  confirmResendAll: (n: number) =>
    n === 1
      ? 'The order e-mail that could not be sent will be e-mailed again to its customer, at the address the order was placed with.'
      : `The ${n} order e-mails that could not be sent will be e-mailed again, each to its order's customer at the address the order was placed with.`,
  resendQueued: 'The e-mail will be sent again in a moment.',
  resendFailed: 'The e-mail could not be queued again.',
  problems: (n: number) =>
    n === 1
      ? '1 order e-mail could not be sent. Check the mail settings (the server log says why), then send it again.'
      : `${n} order e-mails could not be sent. Check the mail settings (the server log says why), then send them again.`,
  resendAll: (n: number) => (n === 1 ? 'Send it again' : 'Send them again'),
  resentAll: (n: number) =>
    n === 1
      ? '1 e-mail will be sent again in a moment.'
      : `${n} e-mails will be sent again in a moment.`,
} as const;

/**
 * Paid units that could not be taken from stock (decision 138): the mark on such orders in the
 * dashboard, what their details say, and the list's filter.
 */
export const ORDER_SHORT = {
  /** One line's missing units: "2 × Sky Pirate Figure (M)". */
  units: (quantity: number, name: string, variant: string) =>
    `${quantity} × ${name}${variant ? ` (${variant})` : ''}`,
  mark: 'Short of stock',
  heading: 'Not taken from stock at payment',
  advice:
    'These units were paid for but were no longer in stock. Restock them, or contact the customer about a refund or a wait.',
  filter: 'Only orders short of stock',
  none: 'No order is short of stock.',
} as const;

/** The low-stock card's link and the products list's low-stock filter (decision 163). */
export const LOW_STOCK = {
  viewAll: 'View all low-stock products',
  filter: (threshold: number) => `Only low stock (${threshold} or fewer of a variant)`,
  /** Under the products filter's category while the low-stock filter is on. */
  allCategories: 'Low stock spans every category',
} as const;
