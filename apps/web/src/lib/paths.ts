/**
 * Every route of the web app (spec §2) and the builders for links with parameters. Components
 * link through this module only, so a route changes in one place.
 */
import type { Category } from '@otaku/shared';

const dashboardRoot = '/dashboard';

export const paths = {
  home: '/',
  shop: '/shop',
  /** The shop opened on one category (the home page's section buttons). */
  shopCategory: (category: Category) => `/shop?${new URLSearchParams({ category })}`,
  product: (productId: string) => `/shop/${encodeURIComponent(productId)}`,
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  recruiter: '/recruiter',
  googleAuth: '/auth/google',
  googleAuthSuccess: '/auth/google/success',
  cart: '/cart',
  history: '/history',
  paymentSuccess: '/success',
  dashboard: {
    root: dashboardRoot,
    products: dashboardRoot,
    orders: `${dashboardRoot}/orders`,
    users: `${dashboardRoot}/users`,
    coupons: `${dashboardRoot}/coupons`,
  },
  /** Footer links the spec lists without a page behind them yet. */
  placeholder: '#',
} as const;

/** Route patterns, relative to their parent, as the router declares them. */
export const routePatterns = {
  shop: 'shop',
  product: 'shop/:productId',
  login: 'login',
  signup: 'signup',
  recruiter: 'recruiter',
  googleAuth: 'auth/google',
  googleAuthSuccess: 'auth/google/success',
  cart: 'cart',
  history: 'history',
  paymentSuccess: 'success',
  dashboard: 'dashboard/*',
  dashboardOrders: 'orders',
  dashboardUsers: 'users',
  dashboardCoupons: 'coupons',
} as const;

/** Pages where an expired session must not bounce the visitor to /login (spec §8). */
export function isAuthPage(pathname: string): boolean {
  return (
    pathname === paths.login || pathname === paths.signup || pathname.startsWith(paths.googleAuth)
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
