/**
 * Every route of the web app (spec §2) and the builders for links with parameters. Components
 * link through this module only, and its paths are the shared PAGE_PATHS the server knows the
 * app's pages by, so a route changes in one place.
 */
import { PAGE_PATHS, type Category } from '@otaku/shared';

export const paths = {
  home: PAGE_PATHS.home,
  shop: PAGE_PATHS.shop,
  /** The coming releases by month (decision 167). */
  releases: PAGE_PATHS.releases,
  /** The shop opened on one category (the home page's section buttons). */
  shopCategory: (category: Category) => `${PAGE_PATHS.shop}?${new URLSearchParams({ category })}`,
  product: (productId: string) => `${PAGE_PATHS.shop}/${encodeURIComponent(productId)}`,
  login: PAGE_PATHS.login,
  signup: PAGE_PATHS.signup,
  /** Linked from the login page (spec §2); the reset screen is decision 108. */
  forgotPassword: PAGE_PATHS.forgotPassword,
  recruiter: PAGE_PATHS.recruiter,
  googleAuth: PAGE_PATHS.googleAuth,
  googleAuthSuccess: PAGE_PATHS.googleAuthSuccess,
  cart: PAGE_PATHS.cart,
  history: PAGE_PATHS.history,
  wishlist: PAGE_PATHS.wishlist,
  /** The back-in-stock e-mail's unsubscribe page (decision 168). */
  unsubscribe: PAGE_PATHS.unsubscribe,
  /** One of the shopper's orders: the page a cash-on-delivery order lands on. */
  order: (orderID: string) => `${PAGE_PATHS.history}/${encodeURIComponent(orderID)}`,
  paymentSuccess: PAGE_PATHS.paymentSuccess,
  dashboard: {
    root: PAGE_PATHS.dashboard,
    products: PAGE_PATHS.dashboard,
    /** The products list filtered to those running low (the low-stock card's View all). */
    lowStockProducts: `${PAGE_PATHS.dashboard}?${new URLSearchParams({ stock: 'low' })}`,
    orders: PAGE_PATHS.dashboardOrders,
    users: PAGE_PATHS.dashboardUsers,
    coupons: PAGE_PATHS.dashboardCoupons,
  },
  /** Footer links the spec lists without a page behind them yet. */
  placeholder: '#',
} as const;

/** A path as a route pattern relative to `parent` (the root by default). */
const under = (pathname: string, parent = '') => pathname.slice(parent.length + 1);

/** Route patterns, relative to their parent, as the router declares them. */
export const routePatterns = {
  shop: under(PAGE_PATHS.shop),
  releases: under(PAGE_PATHS.releases),
  product: `${under(PAGE_PATHS.shop)}/:productId`,
  login: under(PAGE_PATHS.login),
  signup: under(PAGE_PATHS.signup),
  forgotPassword: under(PAGE_PATHS.forgotPassword),
  recruiter: under(PAGE_PATHS.recruiter),
  googleAuth: under(PAGE_PATHS.googleAuth),
  googleAuthSuccess: under(PAGE_PATHS.googleAuthSuccess),
  cart: under(PAGE_PATHS.cart),
  history: under(PAGE_PATHS.history),
  wishlist: under(PAGE_PATHS.wishlist),
  unsubscribe: under(PAGE_PATHS.unsubscribe),
  order: `${under(PAGE_PATHS.history)}/:orderId`,
  paymentSuccess: under(PAGE_PATHS.paymentSuccess),
  dashboard: `${under(PAGE_PATHS.dashboard)}/*`,
  dashboardOrders: under(PAGE_PATHS.dashboardOrders, PAGE_PATHS.dashboard),
  dashboardUsers: under(PAGE_PATHS.dashboardUsers, PAGE_PATHS.dashboard),
  dashboardCoupons: under(PAGE_PATHS.dashboardCoupons, PAGE_PATHS.dashboard),
} as const;

/** Pages where an expired session must not bounce the visitor to /login (spec §8). */
export function isAuthPage(pathname: string): boolean {
  return (
    pathname === paths.login ||
    pathname === paths.signup ||
    pathname === paths.forgotPassword ||
    pathname.startsWith(paths.googleAuth)
  );
}

/** Router state a guard passes to /login: where the visitor was going. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where to go after signing in: the guarded location the visitor came from, else home. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || isAuthPage(from.pathname)) return paths.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
