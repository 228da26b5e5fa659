/**
 * Messages of the cart, coupons, orders and card payments that the specification leaves to us
 * (DESIGN.md §4). The spec's own wording lives in messages.ts (CART, COUPON, ORDER).
 */
import { formatWait } from './messages';

/** Clearing the cart asks first (decision 159): a slip of the finger would lose held stock. */
export const CLEAR_CART = {
  button: 'Clear cart',
  title: 'Clear your cart?',
  text: (units: number) =>
    `The ${units === 1 ? 'item goes' : `${units} items go`} back on sale, and another shopper may buy ${units === 1 ? 'it' : 'them'} before you add ${units === 1 ? 'it' : 'them'} again.`,
  confirm: 'Yes, clear cart',
  keep: 'Keep my items',
} as const;

export const CART_INFO = {
  loaded: 'Cart loaded',
  added: 'Item added to cart',
  decremented: 'Cart quantity reduced',
  updated: 'Cart updated',
  removed: 'Item removed from cart',
  cleared: 'Cart cleared',
  productNotFound: 'This product no longer exists',
  variantNotFound: 'This variant does not exist for this product',
  /** Sent with CONCURRENT_MODIFICATION when fewer units are left than were asked for. */
  onlyLeft: (available: number) =>
    `Only ${available} left in stock. Please lower the quantity and try again.`,
  wrongCart: 'You can only change your own cart',
  /**
   * An add that would take one cart line past the most units of an item a cart may hold
   * (MAX_UNITS_PER_ITEM, at most MAX_LINE_QUANTITY).
   */
  lineLimit: (max: number, held: number) =>
    held > 0
      ? `You can have at most ${max} of an item in your cart, and you already have ${held}.`
      : `You can add at most ${max} of an item to your cart.`,
  /** An add that would take the whole cart past MAX_UNITS_PER_CART units. */
  cartLimit: (max: number, held: number) =>
    held > 0
      ? `Your cart can hold at most ${max} items in all, and it already has ${held}.`
      : `Your cart can hold at most ${max} items in all.`,
  /**
   * An add that would take the customer past the product's limit per customer (decision 140),
   * counting their cart and the units their orders already bought.
   */
  customerLimit: (max: number, bought: number) =>
    bought > 0
      ? `This item is limited to ${max} per customer, and you have already bought ${bought}.`
      : `This item is limited to ${max} per customer.`,
  /** Near the quantity on the product page of a product with a limit per customer. */
  limitedTo: (max: number) => `Limited to ${max} per customer`,
  /** Reservations come too fast from one account or one network (DESIGN.md §8). */
  tooManyReservations: (seconds: number) =>
    `You are changing your cart too quickly. Please try again in ${formatWait(seconds)}.`,
  /** "Items in your cart are held for 30 minutes after your last change." */
  heldFor: (minutes: number) =>
    `Items in your cart are held for ${minutes} minute${minutes === 1 ? '' : 's'} after your last change.`,
  /** The ceiling touching the cart does not extend (RESERVATION_MAX_MINUTES). */
  heldAtMost: (minutes: number) =>
    `Each item is held for at most ${formatHours(minutes)} after you first added it.`,
  heldUntil: (time: string) => `Held until ${time}`,
  /** A cart change while the cart's card payment went through a moment before (decision 137). */
  paidByCard:
    'Your cart was just paid for by card, so it was not changed. The order will show in your purchase history.',
} as const;

/** "120 minutes" as "2 hours"; "90 minutes" as they are. */
function formatHours(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = minutes / 60;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

export const COUPON_INFO = {
  /** The code input's hint: no example code, which a shopper might take for a real one. */
  placeholder: 'The code from your email or flyer',
  valid: 'Coupon is valid',
  expired: 'This coupon has expired',
  alreadyUsed: 'You have already used this coupon',
} as const;

export const ORDER_INFO = {
  emptyCart: 'Your cart is empty',
  fetched: 'Orders fetched',
  fetchedOne: 'Order fetched',
  /** An orderID that is not one of the caller's orders (someone else's reads the same). */
  notFound: 'Order not found',
  codOnly: 'Place Order is for cash on delivery; pay by card with the payment button',
  /** A cash order from a cart whose card payment went through a moment before. */
  paidByCard:
    'This cart has already been paid for by card, so no second order was placed. The order will show in your purchase history.',
  /** The cart changed (another tab) while a card payment for it was being set up. */
  cartChanged: 'Your cart changed in the meantime. Please check it and try again.',
  /**
   * A card payment started with items held for RESERVATION_MAX_MINUTES already: they went back
   * on sale instead of being held on by a new session (decision 137).
   */
  holdEnded:
    'Some items in your cart had been held for as long as they can be and are back on sale. Please check your cart and try again.',
} as const;

/** The page a cash-on-delivery order lands on (decision 159). */
export const ORDER_CONFIRMATION = {
  title: 'Thank you for your order!',
  lead: 'We have your order and will send you an e-mail confirming it.',
  payOnDelivery: 'You pay in cash when it is delivered.',
  orderNumber: 'Order number',
  items: 'Items',
  deliverTo: 'Delivery address',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  discount: (code: string, percent: number) => `Discount (${code}, ${percent}%)`,
  total: 'Total',
  history: 'View purchase history',
  continueShopping: 'Continue shopping',
  notFoundTitle: 'Order not found',
  notFoundText:
    'There is no order with this number among yours. Your purchase history lists them all.',
  loadFailed: 'Your order could not be loaded.',
  retry: 'Try again',
} as const;

export const PAYMENT_INFO = {
  payByCard: 'Pay with Card',
  redirecting: 'Redirecting to the secure checkout...',
  sessionCreated: 'Checkout session created',
  sessionNotFound: 'This checkout session does not exist',
  sessionClosed: 'This checkout session is no longer open',
  invalidSignature: 'Invalid webhook signature',
  checkoutFailed: 'Could not start the card payment. Please try again.',
  /** Card payments started too often from one account or one network (decision 137). */
  tooManyCheckouts: (seconds: number) =>
    `You are starting card payments too often. Please try again in ${formatWait(seconds)}.`,
  providerUnavailable:
    'The card payment service cannot be reached right now. Please try again in a moment.',
  /** The test provider's hosted checkout page. */
  testTitle: 'Test checkout',
  testNotice:
    'Test mode: no real card is charged. Pay with the test card 4242 4242 4242 4242, or with 4000 0000 0000 5126 to see the refunds of its pre-orders fail.',
  testCardLabel: 'Card number',
  testPay: (amount: string) => `Pay ${amount}`,
  testCancel: 'Cancel and return to the cart',
  testDeclined: 'Your card was declined. Use the test card 4242 4242 4242 4242.',
  testCardNumber: '4242424242424242',
  /** Pays, but the provider refuses its refunds, as Stripe's test card of the same number. */
  testCardRefundsFail: '4000000000005126',
  testRefundRefused: 'The test card 4000 0000 0000 5126 refuses every refund.',
  /** The test provider's page of a session past its expiry (decision 137). */
  sessionExpired:
    'This checkout has expired, so it can no longer be paid. Go back to your cart to pay again.',
  backToCart: 'Back to the cart',
} as const;
