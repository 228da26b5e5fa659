/**
 * The shop's rules for changing its filter state (spec §4 "Shop"). The state itself, and how it
 * is read from and written to the URL, live in @otaku/shared (shop-pages.ts): the server reads
 * the same address to send the first screen's data with the page.
 */
import {
  ALL_TYPES,
  DEFAULT_AVAILABILITY,
  DEFAULT_SORT,
  isAllTypes,
  MAX_PAGE,
  PRICE_FILTER_MAX,
  PRICE_FILTER_MIN,
  SEARCH_MIN_LENGTH,
  VALIDATION,
  type Availability,
  type Category,
  type ShopState,
  type SortBy,
} from '@otaku/shared';

/** Whether Clear All has anything to clear. */
export function hasActiveFilters(state: ShopState): boolean {
  return (
    !isAllTypes(state) ||
    state.price > 0 ||
    state.sortBy !== DEFAULT_SORT ||
    !!state.searchQuery ||
    (state.availability ?? DEFAULT_AVAILABILITY) !== DEFAULT_AVAILABILITY
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

/** Every product, only pre-orders or only what ships now (decision 167); back to page 1. */
export function setAvailability(state: ShopState, availability: Availability): ShopState {
  const { availability: _previous, ...rest } = state;
  return availability === DEFAULT_AVAILABILITY
    ? { ...rest, page: 1 }
    : { ...rest, availability, page: 1 };
}

/** Submitting a search resets the page (spec §4). Call only when searchError() is null. */
export function submitSearch(state: ShopState, query: string): ShopState {
  return { ...state, searchQuery: query.trim().replace(/\s+/g, ' '), page: 1 };
}

/**
 * Clear All: types to all, sort to popular, price to 0 and search to empty (spec §4), and every
 * product whatever its availability.
 */
export function clearAll(state: ShopState): ShopState {
  const { availability: _availability, ...rest } = state;
  return {
    ...rest,
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
