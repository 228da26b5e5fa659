/**
 * The shop's filter state (spec §3 "Shop filter state") and its rules (spec §4 "Shop"). The
 * state lives in the URL, so a filtered page can be shared, reloaded and gone back to; these
 * pure functions read it from and write it to URL parameters, and apply each change.
 */
import {
  ALL_TYPES,
  CATEGORIES,
  CATEGORY_TYPES,
  DEFAULT_CATEGORY,
  DEFAULT_PAGE,
  DEFAULT_SORT,
  MAX_PAGE,
  PRICE_FILTER_MAX,
  PRICE_FILTER_MIN,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  SORTS,
  VALIDATION,
  type Category,
  type ProductConstraints,
  type SortBy,
} from '@otaku/shared';

export interface ShopState {
  category: Category;
  /** ['all'] or canonical type slugs of the category. */
  productTypes: string[];
  /** Maximum price in dollars; 0 means no limit. */
  price: number;
  sortBy: SortBy;
  page: number;
  searchQuery: string;
}

export const DEFAULT_SHOP_STATE: ShopState = {
  category: DEFAULT_CATEGORY,
  productTypes: [ALL_TYPES],
  price: 0,
  sortBy: DEFAULT_SORT,
  page: DEFAULT_PAGE,
  searchQuery: '',
};

/** URL parameter names: /shop?category=toys&types=car,doll&price=40&sort=price-low&page=2&q=… */
export const PARAM = {
  category: 'category',
  types: 'types',
  price: 'price',
  sort: 'sort',
  page: 'page',
  search: 'q',
} as const;

const isCategory = (v: string | null): v is Category =>
  (CATEGORIES as readonly string[]).includes(v ?? '');
const isSort = (v: string | null): v is SortBy => SORTS.some((s) => s.value === v);

function intIn(raw: string | null, min: number, max: number, fallback: number): number {
  const n = Number(raw);
  if (raw === null || raw.trim() === '' || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.round(n)));
}

/** Reads the state from the URL; anything missing or nonsensical falls back to its default. */
export function parseShopParams(params: URLSearchParams): ShopState {
  const rawCategory = params.get(PARAM.category)?.toLowerCase() ?? null;
  const category = isCategory(rawCategory) ? rawCategory : DEFAULT_SHOP_STATE.category;
  const slugs = CATEGORY_TYPES[category].map((t) => t.slug);
  const types = (params.get(PARAM.types) ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => slugs.includes(t));
  const sort = params.get(PARAM.sort);
  const search = (params.get(PARAM.search) ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  return {
    category,
    productTypes: types.length > 0 ? [...new Set(types)] : [ALL_TYPES],
    price: intIn(params.get(PARAM.price), PRICE_FILTER_MIN, PRICE_FILTER_MAX, 0),
    sortBy: isSort(sort) ? sort : DEFAULT_SORT,
    page: intIn(params.get(PARAM.page), 1, MAX_PAGE, DEFAULT_PAGE),
    searchQuery: search.length >= SEARCH_MIN_LENGTH ? search : '',
  };
}

/** Writes the state to URL parameters, leaving defaults out so links stay short. */
export function toShopParams(state: ShopState): URLSearchParams {
  const params = new URLSearchParams();
  params.set(PARAM.category, state.category);
  if (!isAllTypes(state)) params.set(PARAM.types, state.productTypes.join(','));
  if (state.price > 0) params.set(PARAM.price, String(state.price));
  if (state.sortBy !== DEFAULT_SORT) params.set(PARAM.sort, state.sortBy);
  if (state.searchQuery) params.set(PARAM.search, state.searchQuery);
  if (state.page > 1) params.set(PARAM.page, String(state.page));
  return params;
}

/** What GET /api/product/getProducts is asked for. */
export function toConstraints(state: ShopState): ProductConstraints {
  return { ...state, productTypes: [...state.productTypes] };
}

export const isAllTypes = (state: ShopState) => state.productTypes.includes(ALL_TYPES);

/** Whether Clear All has anything to clear. */
export function hasActiveFilters(state: ShopState): boolean {
  return (
    !isAllTypes(state) || state.price > 0 || state.sortBy !== DEFAULT_SORT || !!state.searchQuery
  );
}

/** The spec's message for a query that is too short, or null when it may be submitted. */
export function searchError(query: string): string | null {
  const q = query.trim();
  return q.length > 0 && q.length < SEARCH_MIN_LENGTH ? VALIDATION.searchTooShort : null;
}

/**
 * Changing category resets the page (spec §4) and the types, which belong to a category. It
 * also ends a search, which spans every category: picking a category means "show me this one".
 */
export function selectCategory(state: ShopState, category: Category): ShopState {
  return { ...state, category, productTypes: [ALL_TYPES], searchQuery: '', page: 1 };
}

/** Picking a type unticks 'All'; picking 'All' clears the others; none left means 'All'. */
export function toggleType(state: ShopState, slug: string, checked: boolean): ShopState {
  if (slug === ALL_TYPES) return { ...state, productTypes: [ALL_TYPES], page: 1 };
  const specific = state.productTypes.filter((t) => t !== ALL_TYPES && t !== slug);
  const next = checked ? [...specific, slug] : specific;
  return { ...state, productTypes: next.length > 0 ? next : [ALL_TYPES], page: 1 };
}

export function setPrice(state: ShopState, price: number): ShopState {
  const clamped = Math.min(PRICE_FILTER_MAX, Math.max(PRICE_FILTER_MIN, Math.round(price)));
  return { ...state, price: clamped, page: 1 };
}

export function setSort(state: ShopState, sortBy: SortBy): ShopState {
  return { ...state, sortBy, page: 1 };
}

/** Submitting a search resets the page (spec §4). Call only when searchError() is null. */
export function submitSearch(state: ShopState, query: string): ShopState {
  return { ...state, searchQuery: query.trim().replace(/\s+/g, ' '), page: 1 };
}

/** Clear All: types to all, sort to popular, price to 0 and search to empty (spec §4). */
export function clearAll(state: ShopState): ShopState {
  return {
    ...state,
    productTypes: [ALL_TYPES],
    sortBy: DEFAULT_SORT,
    price: 0,
    searchQuery: '',
    page: 1,
  };
}

export function setPage(state: ShopState, page: number): ShopState {
  return { ...state, page: Math.min(MAX_PAGE, Math.max(1, Math.round(page))) };
}
