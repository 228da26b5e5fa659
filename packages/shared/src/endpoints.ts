/**
 * Every API call (decision 149): its route from `routes.ts` joined with its zod schemas. The
 * server registers each route from here and the web app's tests check their stubs against it.
 * The web app itself imports it only as a type (`import type`): its schemas would put all of
 * zod in every shop page's first load (decision 080).
 */
import { errorResponseSchema, healthResponseSchema, outboxResponseSchema } from './api';
import {
  googleConfigResponseSchema,
  loginRequestSchema,
  messageResponseSchema,
  recruiterRequestSchema,
  resetPasswordRequestSchema,
  sendOtpRequestSchema,
  sendOtpResponseSchema,
  sessionResponseSchema,
  signupCodeRequestSchema,
  signupRequestSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
  verifyResponseSchema,
} from './auth';
import {
  cartResponseSchema,
  decrementReservationRequestSchema,
  getCartBodySchema,
  removeFromCartRequestSchema,
  reserveStockErrorSchema,
  reserveStockRequestSchema,
  reserveStockResponseSchema,
  updateCartRequestSchema,
} from './cart-api';
import {
  getProductResponseSchema,
  getProductsQuerySchema,
  getProductsResponseSchema,
  productParamsSchema,
  releasesResponseSchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsResponseSchema,
  verifyStockQuerySchema,
  verifyStockResponseSchema,
} from './catalog-api';
import {
  cancelPreorderLineRequestSchema,
  cancelPreorderLineResponseSchema,
  couponVerifyRequestSchema,
  couponVerifyResponseSchema,
  createCheckoutSessionRequestSchema,
  createCheckoutSessionResponseSchema,
  getOrderResponseSchema,
  getOrdersQuerySchema,
  getOrdersResponseSchema,
  orderParamsSchema,
  paymentConfigResponseSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
} from './checkout-api';
import {
  allCouponsQuerySchema,
  allCouponsResponseSchema,
  allOrdersQuerySchema,
  allOrdersResponseSchema,
  couponSavedResponseSchema,
  couponStatsResponseSchema,
  createCouponRequestSchema,
  dashboardProductsQuerySchema,
  dashboardProductsResponseSchema,
  deleteProductRequestSchema,
  deleteUserRequestSchema,
  emailChangeCodeRequestSchema,
  exportParamsSchema,
  exportQuerySchema,
  failedRefundsResponseSchema,
  getUsersQuerySchema,
  getUsersResponseSchema,
  idParamsSchema,
  lowStockResponseSchema,
  orderMailProblemsResponseSchema,
  orderMailsResponseSchema,
  orderStatsResponseSchema,
  productSavedResponseSchema,
  refundActionResponseSchema,
  refundIdParamsSchema,
  resendFailedMailsResponseSchema,
  resendOrderMailRequestSchema,
  revenueResponseSchema,
  successMessageSchema,
  updateCouponRequestSchema,
  updateOrderRequestSchema,
  userUpdatedResponseSchema,
} from './dashboard-api';
import type { z } from 'zod';
import {
  mostWantedResponseSchema,
  productInterestQuerySchema,
  productInterestResponseSchema,
  stockAlertRequestSchema,
  unsubscribeQuerySchema,
  wishlistChangedResponseSchema,
  wishlistKeysResponseSchema,
  wishlistParamsSchema,
  wishlistResponseSchema,
} from './wishlist-api';
import { defineEndpoints, type Endpoint, type EndpointUnion, type Route } from './endpoint';
import { routes, type Routes } from './routes';

const byId = { params: idParamsSchema };
/** A cart call that may take units: its 409 says which line and the stock left (spec §4). */
const takesUnits = {
  response: reserveStockResponseSchema,
  errorBodies: { 409: reserveStockErrorSchema },
} as const;
const session = { response: sessionResponseSchema };
const codeSent = { response: sendOtpResponseSchema };
const codeChecked = { body: verifyOtpRequestSchema, response: verifyOtpResponseSchema };

// Pure: a bundle that only takes types from here (the web app) leaves it and its schemas out.
export const endpoints = /* @__PURE__ */ defineEndpoints(routes, {
  health: {
    health: { response: healthResponseSchema, errorBodies: { 503: healthResponseSchema } },
  },
  dev: { outbox: { response: outboxResponseSchema } },
  auth: {
    sendOtp: { body: signupCodeRequestSchema, ...codeSent },
    verifyOtp: codeChecked,
    signup: { body: signupRequestSchema, ...session },
    login: { body: loginRequestSchema, ...session },
    forgotPassword: { body: sendOtpRequestSchema, ...codeSent },
    verifyResetCode: codeChecked,
    resetPassword: { body: resetPasswordRequestSchema, ...session },
    recruiter: { body: recruiterRequestSchema, ...session },
    refresh: session,
    verify: { response: verifyResponseSchema },
    logout: { response: messageResponseSchema },
    googleSuccess: session,
    googleConfig: { response: googleConfigResponseSchema },
  },
  catalog: {
    products: { query: getProductsQuerySchema, response: getProductsResponseSchema },
    releases: { response: releasesResponseSchema },
    verifyStock: { query: verifyStockQuerySchema, response: verifyStockResponseSchema },
    product: { params: productParamsSchema, response: getProductResponseSchema },
    suggestions: { query: searchSuggestionsQuerySchema, response: searchSuggestionsResponseSchema },
  },
  cart: {
    cart: { body: getCartBodySchema, response: cartResponseSchema },
    reserveStock: { body: reserveStockRequestSchema, ...takesUnits },
    decrement: { body: decrementReservationRequestSchema, response: reserveStockResponseSchema },
    update: { body: updateCartRequestSchema, ...takesUnits },
    remove: { body: removeFromCartRequestSchema, response: cartResponseSchema },
    clear: { response: cartResponseSchema },
  },
  coupons: {
    verify: { body: couponVerifyRequestSchema, response: couponVerifyResponseSchema },
  },
  orders: {
    history: { query: getOrdersQuerySchema, response: getOrdersResponseSchema },
    order: { params: orderParamsSchema, response: getOrderResponseSchema },
    cancelPreorderLine: {
      body: cancelPreorderLineRequestSchema,
      response: cancelPreorderLineResponseSchema,
    },
  },
  checkout: {
    placeOrder: { body: placeOrderRequestSchema, response: placeOrderResponseSchema },
    stripeSession: {
      body: createCheckoutSessionRequestSchema,
      response: createCheckoutSessionResponseSchema,
    },
    testSession: {
      body: createCheckoutSessionRequestSchema,
      response: createCheckoutSessionResponseSchema,
    },
  },
  payments: { config: { response: paymentConfigResponseSchema } },
  productsAdmin: {
    list: { query: dashboardProductsQuerySchema, response: dashboardProductsResponseSchema },
    create: { response: productSavedResponseSchema },
    update: { response: productSavedResponseSchema },
    remove: { body: deleteProductRequestSchema, response: successMessageSchema },
  },
  ordersAdmin: {
    list: { query: allOrdersQuerySchema, response: allOrdersResponseSchema },
    stats: { response: orderStatsResponseSchema },
    update: { ...byId, body: updateOrderRequestSchema, response: successMessageSchema },
    remove: { ...byId, response: successMessageSchema },
    mails: { ...byId, response: orderMailsResponseSchema },
    resendMail: { ...byId, body: resendOrderMailRequestSchema, response: successMessageSchema },
    mailProblems: { response: orderMailProblemsResponseSchema },
    resendFailedMails: { response: resendFailedMailsResponseSchema },
    failedRefunds: { response: failedRefundsResponseSchema },
    retryRefund: { params: refundIdParamsSchema, response: refundActionResponseSchema },
    markRefunded: { params: refundIdParamsSchema, response: refundActionResponseSchema },
    revenue: { response: revenueResponseSchema },
    lowStock: { response: lowStockResponseSchema },
  },
  couponsAdmin: {
    create: { body: createCouponRequestSchema, response: couponSavedResponseSchema },
    update: { ...byId, body: updateCouponRequestSchema, response: couponSavedResponseSchema },
    list: { query: allCouponsQuerySchema, response: allCouponsResponseSchema },
    remove: { ...byId, response: successMessageSchema },
    stats: { response: couponStatsResponseSchema },
  },
  users: {
    list: { query: getUsersQuerySchema, response: getUsersResponseSchema },
    update: { ...byId, response: userUpdatedResponseSchema },
    sendEmailCode: { body: emailChangeCodeRequestSchema, ...codeSent },
    remove: { ...byId, body: deleteUserRequestSchema, response: successMessageSchema },
  },
  export: { file: { params: exportParamsSchema, query: exportQuerySchema } },
  wishlist: {
    keys: { response: wishlistKeysResponseSchema },
    list: { response: wishlistResponseSchema },
    save: { params: wishlistParamsSchema, response: wishlistChangedResponseSchema },
    remove: { params: wishlistParamsSchema, response: wishlistChangedResponseSchema },
    alert: { body: stockAlertRequestSchema, response: wishlistChangedResponseSchema },
    cancelAlert: { body: stockAlertRequestSchema, response: wishlistChangedResponseSchema },
    unsubscribe: { query: unsubscribeQuerySchema, response: wishlistChangedResponseSchema },
  },
  wishlistAdmin: {
    interest: { query: productInterestQuerySchema, response: productInterestResponseSchema },
    mostWanted: { response: mostWantedResponseSchema },
  },
});

export type ApiEndpoints = typeof endpoints;
export type ApiEndpoint = EndpointUnion<ApiEndpoints>;
/** Any route of `routes`. */
export type ApiRoute = EndpointUnion<Routes>;

/** "METHOD /path" of a route, e.g. "GET /product/:productID". */
export type RouteKey<R extends Route> = `${R['method']} ${R['path']}`;
/** Each endpoint by its route's key; lets a caller holding a route find its schemas' types. */
export type EndpointByKey = {
  [K in RouteKey<ApiRoute>]: Extract<
    ApiEndpoint,
    {
      method: K extends `${infer M} ${string}` ? M : never;
      path: K extends `${string} ${infer P}` ? P : never;
    }
  >;
};

/** The body of an error answer of an endpoint: its own where it declares one, else the API's. */
export const errorBodyOf = (endpoint: Endpoint, status: number) =>
  (endpoint.errorBodies as Partial<Record<number, z.ZodType>> | undefined)?.[status] ??
  errorResponseSchema;
