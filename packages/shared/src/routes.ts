/**
 * Every API call's route, by area (decision 149): method, path under /api with `:name`
 * placeholders, success status and the error statuses of its own rules (the server adds those any
 * route may answer: `errorsOf` in apps/server's lib/api-route.ts). Plain data without zod, so the web app's first load can carry it; the schemas of
 * each route are joined to it in `endpoints.ts`. The paths are the spec's (§7), unchanged.
 */
import type { Route } from './endpoint';

const ownCode = [400, 429] as const;

export const routes = {
  health: {
    health: { method: 'GET', path: '/health', errors: [503] },
  },
  dev: {
    outbox: { method: 'GET', path: '/dev/outbox', errors: [404] },
  },
  auth: {
    sendOtp: { method: 'POST', path: '/auth/send-otp', errors: [400, 403, 429, 503] },
    verifyOtp: { method: 'POST', path: '/auth/verify-otp', errors: ownCode },
    signup: { method: 'POST', path: '/auth/signup', status: 201, errors: [400, 409, 429] },
    login: { method: 'POST', path: '/auth/login', errors: [400, 401, 429] },
    forgotPassword: { method: 'POST', path: '/auth/forgot-password', errors: [400, 429, 503] },
    verifyResetCode: { method: 'POST', path: '/auth/verify-reset-code', errors: ownCode },
    resetPassword: { method: 'POST', path: '/auth/reset-password', errors: ownCode },
    recruiter: {
      method: 'POST',
      path: '/auth/recruiterBypass',
      status: 201,
      errors: [400, 403, 409, 429],
    },
    refresh: { method: 'POST', path: '/auth/refresh', errors: [401] },
    verify: { method: 'GET', path: '/auth/verify', errors: [401] },
    logout: { method: 'POST', path: '/auth/logout', errors: [403] },
    googleSuccess: { method: 'GET', path: '/googleAuth/success', errors: [401] },
    /** Whether this shop has Google sign-in, so its buttons can say so before a click. */
    googleConfig: { method: 'GET', path: '/googleAuth/config', errors: [] },
  },
  catalog: {
    products: { method: 'GET', path: '/product/getProducts', errors: [400, 404] },
    verifyStock: { method: 'GET', path: '/product/verifyStock', errors: [400, 404] },
    /** The coming releases by month (/releases, decision 167). */
    releases: { method: 'GET', path: '/product/releases', errors: [] },
    product: { method: 'GET', path: '/product/:productID', errors: [400, 404] },
    suggestions: { method: 'GET', path: '/search/products', errors: [400] },
  },
  cart: {
    cart: { method: 'POST', path: '/cart', errors: [400, 401, 403] },
    reserveStock: { method: 'POST', path: '/reserveStock', errors: [400, 401, 403, 404, 409, 429] },
    decrement: {
      method: 'POST',
      path: '/decrementReservationStock',
      errors: [400, 401, 403, 404, 409],
    },
    update: { method: 'PUT', path: '/cart/update', errors: [400, 401, 403, 404, 409, 429] },
    remove: { method: 'DELETE', path: '/cart/remove', errors: [400, 401, 404, 409] },
    clear: { method: 'DELETE', path: '/cart/clear', errors: [401, 409] },
  },
  coupons: {
    verify: { method: 'POST', path: '/coupon/verify', errors: [400, 401, 409] },
  },
  orders: {
    history: { method: 'GET', path: '/order/getOrders', errors: [400, 401] },
    /** One of the caller's own orders, by its orderID (the confirmation page). */
    order: { method: 'GET', path: '/order/getOrder/:orderID', errors: [400, 401, 404] },
    /** Cancels a pre-order line of the caller's own order before its release (decision 169). */
    cancelPreorderLine: {
      method: 'POST',
      path: '/order/cancelPreorderLine',
      errors: [400, 401, 403, 404, 409, 429],
    },
  },
  checkout: {
    placeOrder: {
      method: 'POST',
      path: '/order/placeOrder',
      status: 201,
      errors: [400, 401, 403, 409],
    },
    // Only the configured provider's is registered; the web app asks payments.config which.
    stripeSession: {
      method: 'POST',
      path: '/stripe/create-checkout-session',
      errors: [400, 401, 403, 409, 429, 503],
    },
    testSession: {
      method: 'POST',
      path: '/test/create-checkout-session',
      errors: [400, 401, 403, 409, 429],
    },
  },
  payments: {
    config: { method: 'GET', path: '/payments/config', errors: [] },
  },
  productsAdmin: {
    list: { method: 'GET', path: '/product/dashboardProducts', errors: [400, 401, 403] },
    create: {
      method: 'POST',
      path: '/product/createProduct',
      status: 201,
      multipart: true,
      errors: [400, 401, 403, 413, 415, 503],
    },
    update: {
      method: 'PUT',
      path: '/product/updateProduct',
      multipart: true,
      errors: [400, 401, 403, 404, 413, 415, 503],
    },
    remove: { method: 'POST', path: '/product/deleteProduct', errors: [400, 401, 403, 404] },
  },
  ordersAdmin: {
    list: { method: 'GET', path: '/order/allOrdersList', errors: [400, 401, 403] },
    stats: { method: 'GET', path: '/order/orderStats', errors: [401, 403] },
    update: { method: 'PUT', path: '/order/update/:id', errors: [400, 401, 403, 404] },
    remove: { method: 'DELETE', path: '/order/delete/:id', errors: [400, 401, 403, 404] },
    mails: { method: 'GET', path: '/order/mails/:id', errors: [400, 401, 403, 404] },
    resendMail: {
      method: 'POST',
      path: '/order/mails/:id/resend',
      errors: [400, 401, 403, 404],
    },
    mailProblems: { method: 'GET', path: '/order/mailProblems', errors: [401, 403] },
    resendFailedMails: { method: 'POST', path: '/order/mails/resendFailed', errors: [401, 403] },
    failedRefunds: { method: 'GET', path: '/order/refunds/failed', errors: [401, 403] },
    retryRefund: {
      method: 'POST',
      path: '/order/refunds/:id/retry',
      errors: [400, 401, 403, 404, 409],
    },
    markRefunded: {
      method: 'POST',
      path: '/order/refunds/:id/refundedByHand',
      errors: [400, 401, 403, 404, 409],
    },
    revenue: { method: 'GET', path: '/order/revenue', errors: [401, 403] },
    lowStock: { method: 'GET', path: '/product/lowStock', errors: [401, 403] },
  },
  couponsAdmin: {
    create: {
      method: 'POST',
      path: '/coupon/createCoupon',
      status: 201,
      errors: [400, 401, 403, 409],
    },
    update: { method: 'PUT', path: '/coupon/update/:id', errors: [400, 401, 403, 404, 409] },
    list: { method: 'GET', path: '/coupon/allCoupons', errors: [400, 401, 403] },
    remove: { method: 'DELETE', path: '/coupon/delete/:id', errors: [400, 401, 403, 404] },
    stats: { method: 'GET', path: '/coupon/stats', errors: [401, 403] },
  },
  users: {
    list: { method: 'GET', path: '/user/getUsers', errors: [400, 401, 403] },
    update: {
      method: 'PUT',
      path: '/user/update/:id',
      multipart: true,
      errors: [400, 401, 403, 404, 409, 413, 415, 429, 503],
    },
    sendEmailCode: {
      method: 'POST',
      path: '/user/send-email-code',
      errors: [400, 401, 429, 503],
    },
    remove: { method: 'DELETE', path: '/user/delete/:id', errors: [400, 401, 403, 404, 409] },
  },
  export: {
    file: { method: 'GET', path: '/export/:type', file: true, errors: [400, 401, 403] },
  },
  /** The shopper's wishlist and back-in-stock alerts (decision 168). */
  wishlist: {
    /** The saved productIDs and waiting alerts alone: the hearts and the product page. */
    keys: { method: 'GET', path: '/wishlist/keys', errors: [401] },
    list: { method: 'GET', path: '/wishlist', errors: [401] },
    save: { method: 'PUT', path: '/wishlist/:productID', errors: [400, 401, 404, 409] },
    remove: { method: 'DELETE', path: '/wishlist/:productID', errors: [400, 401] },
    alert: { method: 'POST', path: '/stock-alerts', status: 201, errors: [400, 401, 404, 409] },
    cancelAlert: { method: 'DELETE', path: '/stock-alerts', errors: [400, 401] },
    /** The e-mail's one-click unsubscribe (RFC 8058): the signed token is the proof. */
    unsubscribe: { method: 'POST', path: '/stock-alerts/unsubscribe', errors: [400] },
  },
  wishlistAdmin: {
    interest: { method: 'GET', path: '/product/wishlistInterest', errors: [400, 401, 403] },
    mostWanted: { method: 'GET', path: '/product/mostWanted', errors: [401, 403] },
  },
} as const satisfies Record<string, Record<string, Route>>;

export type Routes = typeof routes;
