/**
 * Messages of the cart, coupons, orders and card payments that the specification leaves to us
 * (DESIGN.md §4). The spec's own wording lives in messages.ts (CART, COUPON, ORDER).
 */

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
  /** An add that would take one cart line past MAX_LINE_QUANTITY units. */
  lineLimit: (max: number, held: number) =>
    held > 0
      ? `You can have at most ${max} of an item in your cart, and you already have ${held}.`
      : `You can add at most ${max} of an item to your cart.`,
  /** "Items in your cart are held for 30 minutes after your last change." */
  heldFor: (minutes: number) =>
    `Items in your cart are held for ${minutes} minute${minutes === 1 ? '' : 's'} after your last change.`,
  heldUntil: (time: string) => `Held until ${time}`,
} as const;

export const COUPON_INFO = {
  valid: 'Coupon is valid',
  expired: 'This coupon has expired',
  alreadyUsed: 'You have already used this coupon',
} as const;

export const ORDER_INFO = {
  emptyCart: 'Your cart is empty',
  fetched: 'Orders fetched',
  codOnly: 'Place Order is for cash on delivery; pay by card with the payment button',
  /** A cash order from a cart whose card payment went through a moment before. */
  paidByCard:
    'This cart has already been paid for by card, so no second order was placed. The order will show in your purchase history.',
  /** The cart changed (another tab) while a card payment for it was being set up. */
  cartChanged: 'Your cart changed in the meantime. Please check it and try again.',
} as const;

export const PAYMENT_INFO = {
  payByCard: 'Pay with Card',
  redirecting: 'Redirecting to the secure checkout...',
  sessionCreated: 'Checkout session created',
  sessionNotFound: 'This checkout session does not exist',
  sessionClosed: 'This checkout session is no longer open',
  invalidSignature: 'Invalid webhook signature',
  checkoutFailed: 'Could not start the card payment. Please try again.',
  providerUnavailable:
    'The card payment service cannot be reached right now. Please try again in a moment.',
  /** The test provider's hosted checkout page. */
  testTitle: 'Test checkout',
  testNotice: 'Test mode: no real card is charged. Pay with the test card 4242 4242 4242 4242.',
  testCardLabel: 'Card number',
  testPay: (amount: string) => `Pay ${amount}`,
  testCancel: 'Cancel and return to the cart',
  testDeclined: 'Your card was declined. Use the test card 4242 4242 4242 4242.',
  testCardNumber: '4242424242424242',
} as const;
