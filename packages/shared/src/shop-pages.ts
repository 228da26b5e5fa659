/**
 * The shop pages' addresses, the state the shop keeps in its URL, and what each page's first
 * screen shows. Shared because two sides read the same address: the web app, which asks for
 * the first screen's code and data as it starts, and the server, which writes the same data
 * and hints into the page it sends (docs/decisions/084). Both derive them here, so they
 * cannot ask for different things.
 */
import {
  ALL_TYPES,
  CATEGORIES,
  CATEGORY_TYPES,
  DEFAULT_SORT,
  SORTS,
  type Category,
  type SortBy,
} from './catalog';
import {
  DEFAULT_CATEGORY,
  DEFAULT_PAGE,
  MAX_PAGE,
  PRICE_FILTER_MAX,
  PRICE_FILTER_MIN,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  STORAGE_KEYS,
} from './constants';
import { AVAILABILITIES, DEFAULT_AVAILABILITY, type Availability } from './preorders';
import { STAFF_ROLES } from './roles';
import type { ProductConstraints, ProductImage } from './catalog-api';

/**
 * Every page of the web app (spec §2) but the product pages (`${shop}/<productID>`), as the
 * router declares them. The server answers any other address with 404 (isAppPage).
 */
export const PAGE_PATHS = {
  home: '/',
  shop: '/shop',
  releases: '/releases',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  recruiter: '/recruiter',
  googleAuth: '/auth/google',
  googleAuthSuccess: '/auth/google/success',
  paymentSuccess: '/success',
  cart: '/cart',
  history: '/history',
  wishlist: '/wishlist',
  /** The back-in-stock e-mail's unsubscribe page (decision 168). */
  unsubscribe: '/alerts/unsubscribe',
  dashboard: '/dashboard',
  dashboardOrders: '/dashboard/orders',
  dashboardUsers: '/dashboard/users',
  dashboardCoupons: '/dashboard/coupons',
} as const;

/** The shop pages' paths; a product page is `${shop}/<productID>`. */
export const SHOP_PATHS = { home: PAGE_PATHS.home, shop: PAGE_PATHS.shop } as const;

// ---------------------------------------------------------------------------------------------
// The shop's filter state (spec §3 "Shop filter state"), kept in the URL so a filtered page can
// be shared, reloaded and gone back to.

export interface ShopState {
  category: Category;
  /** ['all'] or canonical type slugs of the category. */
  productTypes: string[];
  /** Maximum price in dollars; 0 means no limit. */
  price: number;
  sortBy: SortBy;
  page: number;
  searchQuery: string;
  /**
   * Only pre-orders or only what ships now (decision 167); absent: every product, so the
   * shop's usual state and addresses are what they always were.
   */
  availability?: Availability;
}

export const DEFAULT_SHOP_STATE: ShopState = {
  category: DEFAULT_CATEGORY,
  productTypes: [ALL_TYPES],
  price: 0,
  sortBy: DEFAULT_SORT,
  page: DEFAULT_PAGE,
  searchQuery: '',
};

/** The URL parameter of a paged list's page: /shop?page=2, /history?page=2. */
export const PAGE_PARAM = 'page';

/** URL parameter names: /shop?category=toys&types=car,doll&price=40&sort=price-low&page=2&q=… */
export const SHOP_PARAM = {
  category: 'category',
  types: 'types',
  price: 'price',
  sort: 'sort',
  page: PAGE_PARAM,
  search: 'q',
  availability: 'availability',
} as const;

const isCategory = (v: string | null): v is Category =>
  (CATEGORIES as readonly string[]).includes(v ?? '');
const isSort = (v: string | null): v is SortBy => SORTS.some((s) => s.value === v);
const isFilteringAvailability = (v: string | null): v is Availability =>
  v !== DEFAULT_AVAILABILITY && AVAILABILITIES.some((a) => a.value === v);

function intIn(raw: string | null, min: number, max: number, fallback: number): number {
  const n = Number(raw);
  if (raw === null || raw.trim() === '' || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.round(n)));
}

/**
 * A paged list's page as its URL gives it: 1 when missing or nonsense, a fraction rounded, and
 * kept within 1 to MAX_PAGE. A page past the list's end is for the list to recover from.
 */
export const pageFromParam = (raw: string | null): number => intIn(raw, 1, MAX_PAGE, DEFAULT_PAGE);

/** Reads the state from the URL; anything missing or nonsensical falls back to its default. */
export function parseShopParams(params: URLSearchParams): ShopState {
  const rawCategory = params.get(SHOP_PARAM.category)?.toLowerCase() ?? null;
  const category = isCategory(rawCategory) ? rawCategory : DEFAULT_SHOP_STATE.category;
  const slugs = CATEGORY_TYPES[category].map((t) => t.slug);
  const types = (params.get(SHOP_PARAM.types) ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => slugs.includes(t));
  const sort = params.get(SHOP_PARAM.sort);
  const search = (params.get(SHOP_PARAM.search) ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const availability = params.get(SHOP_PARAM.availability);
  return {
    category,
    productTypes: types.length > 0 ? [...new Set(types)] : [ALL_TYPES],
    price: intIn(params.get(SHOP_PARAM.price), PRICE_FILTER_MIN, PRICE_FILTER_MAX, 0),
    sortBy: isSort(sort) ? sort : DEFAULT_SORT,
    page: pageFromParam(params.get(SHOP_PARAM.page)),
    searchQuery: search.length >= SEARCH_MIN_LENGTH ? search : '',
    ...(isFilteringAvailability(availability) ? { availability } : {}),
  };
}

export const isAllTypes = (state: ShopState) => state.productTypes.includes(ALL_TYPES);

/** Writes the state to URL parameters, leaving defaults out so links stay short. */
export function toShopParams(state: ShopState): URLSearchParams {
  const params = new URLSearchParams();
  params.set(SHOP_PARAM.category, state.category);
  if (!isAllTypes(state)) params.set(SHOP_PARAM.types, state.productTypes.join(','));
  if (state.price > 0) params.set(SHOP_PARAM.price, String(state.price));
  if (state.sortBy !== DEFAULT_SORT) params.set(SHOP_PARAM.sort, state.sortBy);
  if (state.searchQuery) params.set(SHOP_PARAM.search, state.searchQuery);
  if (state.availability && state.availability !== DEFAULT_AVAILABILITY)
    params.set(SHOP_PARAM.availability, state.availability);
  if (state.page > 1) params.set(SHOP_PARAM.page, String(state.page));
  return params;
}

/** What GET /api/product/getProducts is asked for. */
export function toConstraints(state: ShopState): ProductConstraints {
  return { ...state, productTypes: [...state.productTypes] };
}

// ---------------------------------------------------------------------------------------------
// The home page's carousels.

export interface HomeSection {
  category: Category;
  /** The action-figures section shows action figures of the toys category (DESIGN.md §4). */
  productTypes?: string[];
}

/** What each home carousel shows, in page order. */
export const HOME_SECTIONS = {
  comics: { category: 'comics' },
  clothes: { category: 'clothes' },
  actionFigures: { category: 'toys', productTypes: ['action-figure'] },
} as const satisfies Record<string, HomeSection>;

/** A carousel's products: the first page of its category (and type), most popular first. */
export function sectionConstraints({ category, productTypes }: HomeSection): ProductConstraints {
  return toConstraints({
    ...DEFAULT_SHOP_STATE,
    category,
    productTypes: productTypes ? [...productTypes] : [ALL_TYPES],
  });
}

// ---------------------------------------------------------------------------------------------
// Product pictures: the `srcset` and the drawn widths, so a hint for a picture names exactly
// the file the page's <img> will pick.

/** Drawn width of a product picture at each breakpoint, per place it is shown. */
export const PRODUCT_IMAGE_SIZES = {
  /** The shop's grid: 2 to 6 columns by screen width. */
  shopGrid:
    '(min-width: 1536px) 16vw, (min-width: 1280px) 18vw, (min-width: 1024px) 22vw, (min-width: 640px) 31vw, 48vw',
  /** The product page's picture. */
  productPage: '(min-width: 1280px) 540px, (min-width: 768px) 45vw, 100vw',
  /** A home carousel's card. */
  carousel: '(min-width: 1024px) 300px, (min-width: 830px) 33vw, (min-width: 790px) 50vw, 72vw',
} as const;

export const productImageSrcSet = (image: ProductImage) =>
  `${image.small} 400w, ${image.large} 800w`;

/**
 * How many of the shop grid's first pictures load at once rather than when scrolled near: a
 * phone's first two rows, the second only partly in view.
 */
export const SHOP_GRID_EAGER_IMAGES = 4;
/**
 * How many of those are fetched before the page's other pictures: a phone's first row, where
 * the page's largest paint is (docs/decisions/186). Marking more of them high would only make
 * them share the connection with it.
 */
export const SHOP_GRID_HIGH_PRIORITY_IMAGES = 2;

// ---------------------------------------------------------------------------------------------
// The first screen.

/** A catalog call a first screen makes. */
export type FirstScreenQuery =
  { kind: 'products'; constraints: ProductConstraints } | { kind: 'product'; productId: string };

export interface FirstScreen {
  screen: 'home' | 'shop' | 'product';
  queries: FirstScreenQuery[];
}

/** A first screen's catalog answer, sent inside the page: the call's JSON body as it is. */
export interface FirstAnswer {
  query: FirstScreenQuery;
  answer: unknown;
}

/** The id of the `<script type="application/json">` holding the page's `FirstAnswer[]`. */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

/**
 * The one inline script of an SSR page, run in its head before the first paint. The server
 * draws every page signed out (only the browser knows who is signed in), so for a shopper the
 * app keeps signed in it marks `<html data-signed-in>` (`"staff"` for a staff role), and until
 * the app hydrates the navigation bar shows the shapes of a signed-in bar instead of the
 * guest's Login (index.css's `signed-in-hint:` and `staff-hint:` variants; the bar removes the
 * mark once it shows the session itself). The Content-Security-Policy allows it by its hash
 * (apps/server/src/plugins/security.ts), so it must stay exactly this text.
 */
export const SIGNED_IN_HINT_SCRIPT = `(function(){try{var s=localStorage.getItem(${JSON.stringify(
  STORAGE_KEYS.userInfo,
)});if(s===null)return;var r;try{r=JSON.parse(s).role}catch(e){}document.documentElement.setAttribute("data-signed-in",${JSON.stringify(
  STAFF_ROLES,
)}.indexOf(r)>=0?"staff":"")}catch(e){}})()`;

/**
 * The web app's server entry (apps/web/src/entry-server.tsx) as the server calls it: the first
 * screen's markup for #root, drawn from the `FirstAnswer[]` JSON the page carries (or none).
 */
export type RenderFirstScreen = (options: {
  /** The address as requested: path and query. */
  url: string;
  answers: string | null;
  /** Ends the render; what has not finished is left to the browser. */
  signal?: AbortSignal;
  onError?: (error: unknown) => void;
}) => Promise<string>;

const productPath = new RegExp(`^${SHOP_PATHS.shop}/([^/:][^/]*)$`);

/** The path segment as the router hands it to the screen; a malformed one is left to it. */
function decodedSegment(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The router reads `/shop/` as `/shop`, and so does the server. */
const routedPath = (address: string) => (address.length > 1 ? address.replace(/\/$/, '') : address);

const pagePaths = new Set<string>(Object.values(PAGE_PATHS));
/** A product page, or a `/shop/:<id>` link the app sends on to one (spec §2). */
const productPage = new RegExp(`^${SHOP_PATHS.shop}/[^/]+$`);
/** One of the shopper's orders (its confirmation page, decision 159). */
const orderPage = new RegExp(`^${PAGE_PATHS.history}/[^/]+$`);

/**
 * Whether the web app has a page at this path: one of PAGE_PATHS, a product page or an order's, matched
 * without regard to case as the router does; anything else is its not-found screen.
 */
export function isAppPage(address: string): boolean {
  const pathname = routedPath(address).toLowerCase();
  return pagePaths.has(pathname) || productPage.test(pathname) || orderPage.test(pathname);
}

const productLink = new RegExp(`^${SHOP_PATHS.shop}/:+([^/]+)/?$`, 'i');

/**
 * The product page a `/shop/:<id>` link (spec §2) stands for, e.g. `/shop/TOY-1` for
 * `/shop/:TOY-1`; null for any other address. The id is kept as it was written.
 */
export function productLinkTarget(address: string): string | null {
  const id = productLink.exec(address)?.[1];
  return id === undefined ? null : `${SHOP_PATHS.shop}/${id}`;
}

/** The shop page at this address and the catalog calls its first screen makes, if any. */
export function firstScreen(address: string, search: string): FirstScreen | null {
  const pathname = routedPath(address);
  if (pathname === SHOP_PATHS.home) {
    const queries = Object.values(HOME_SECTIONS).map((section): FirstScreenQuery => ({
      kind: 'products',
      constraints: sectionConstraints(section),
    }));
    return { screen: 'home', queries };
  }
  if (pathname === SHOP_PATHS.shop) {
    const constraints = toConstraints(parseShopParams(new URLSearchParams(search)));
    return { screen: 'shop', queries: [{ kind: 'products', constraints }] };
  }
  const productId = decodedSegment(productPath.exec(pathname)?.[1]);
  if (productId === undefined) return null;
  return { screen: 'product', queries: [{ kind: 'product', productId }] };
}
