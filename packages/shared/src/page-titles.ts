/**
 * Each page's own document title (WCAG 2.4.2): what the page is, then the shop's name, as the
 * browser's tab, history and a screen reader announce it. Shared because the server writes the
 * title of the SSR pages it sends (home, shop, product) and the web app sets the same on every
 * screen as it is shown.
 */
export const SHOP_NAME = 'Otaku Shelf';

/** "Cart – Otaku Shelf"; the shop's name alone for the home page. */
export const pageTitle = (...parts: string[]): string => [...parts, SHOP_NAME].join(' – ');

/** The titles of the pages whose name does not come from their data. */
export const PAGE_TITLES = {
  home: pageTitle(),
  shop: pageTitle('Shop'),
  releases: pageTitle('Coming releases'),
  login: pageTitle('Log in'),
  signup: pageTitle('Sign up'),
  forgotPassword: pageTitle('Reset your password'),
  recruiter: pageTitle('Recruiter account'),
  googleAuth: pageTitle('Google sign-in'),
  paymentSuccess: pageTitle('Payment Successful'),
  cart: pageTitle('Cart'),
  history: pageTitle('Purchase History'),
  wishlist: pageTitle('Wishlist'),
  unsubscribe: pageTitle('Back-in-stock e-mails'),
  /** The confirmation page of an order: "Order ORD-7K2M9Q4A – Otaku Shelf". */
  order: (orderID: string) => pageTitle(`Order ${orderID}`),
  notFound: pageTitle('Page not found'),
  productNotFound: pageTitle('Product not found'),
  error: pageTitle('Something went wrong'),
  /** A product's page: its name. */
  product: (name: string) => pageTitle(name),
  /** A page of the dashboard, by its heading: "Dashboard – Orders – Otaku Shelf". */
  dashboard: (page: string) => pageTitle(`Dashboard – ${page}`),
} as const;
