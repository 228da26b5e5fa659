import {
  DEFAULT_SHOP_STATE,
  parseShopParams,
  toShopParams,
  VALIDATION,
  type ShopState,
} from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import {
  clearAll,
  hasActiveFilters,
  searchError,
  selectCategory,
  setPage,
  setPrice,
  submitSearch,
  toggleType,
} from './shop-state';

const state = (overrides: Partial<ShopState> = {}): ShopState => ({
  ...DEFAULT_SHOP_STATE,
  ...overrides,
});

describe('shop state in the URL', () => {
  it('reads every field and writes them back', () => {
    const s = parseShopParams(
      new URLSearchParams('category=toys&types=car,doll&price=40&sort=price-low&page=3&q=gundam'),
    );
    expect(s).toEqual({
      category: 'toys',
      productTypes: ['car', 'doll'],
      price: 40,
      sortBy: 'price-low',
      page: 3,
      searchQuery: 'gundam',
    });
    expect(parseShopParams(toShopParams(s))).toEqual(s);
  });

  it('falls back to the defaults of spec §3 for anything missing or wrong', () => {
    expect(parseShopParams(new URLSearchParams())).toEqual(DEFAULT_SHOP_STATE);
    expect(
      parseShopParams(
        new URLSearchParams('category=books&types=nope&price=500&sort=x&page=-4&q=a'),
      ),
    ).toEqual({ ...DEFAULT_SHOP_STATE, price: 100 });
  });

  it('keeps only types of the category', () => {
    expect(
      parseShopParams(new URLSearchParams('category=shoes&types=boots,action')).productTypes,
    ).toEqual(['boots']);
  });

  it('leaves defaults out of the URL', () => {
    expect(toShopParams(DEFAULT_SHOP_STATE).toString()).toBe('category=comics');
  });
});

describe('shop rules (spec §4)', () => {
  it('changing category resets the page, the types and the search', () => {
    const next = selectCategory(
      state({ page: 4, productTypes: ['action'], searchQuery: 'naruto', price: 30 }),
      'toys',
    );
    expect(next).toEqual(state({ category: 'toys', page: 1, price: 30 }));
  });

  it("picking a specific type unticks 'All'; picking 'All' clears the others", () => {
    const one = toggleType(state({ page: 2 }), 'action', true);
    expect(one).toMatchObject({ productTypes: ['action'], page: 1 });
    const two = toggleType(one, 'drama', true);
    expect(two.productTypes).toEqual(['action', 'drama']);
    expect(toggleType(two, 'all', true).productTypes).toEqual(['all']);
  });

  it("unticking the last type means 'All' again", () => {
    expect(toggleType(state({ productTypes: ['action'] }), 'action', false).productTypes).toEqual([
      'all',
    ]);
  });

  it('submitting a search resets the page', () => {
    expect(submitSearch(state({ page: 5 }), '  narto  ')).toMatchObject({
      searchQuery: 'narto',
      page: 1,
    });
  });

  it('a search of one character is refused with the spec message', () => {
    expect(searchError('n')).toBe(VALIDATION.searchTooShort);
    expect(searchError(' n ')).toBe(VALIDATION.searchTooShort);
    expect(searchError('')).toBeNull();
    expect(searchError('na')).toBeNull();
  });

  it('Clear All sets types to all, sort to popular, price to 0 and search to empty', () => {
    const busy = state({
      category: 'clothes',
      productTypes: ['jacket'],
      sortBy: 'price-high',
      price: 45,
      searchQuery: 'hoodie',
      page: 3,
    });
    expect(hasActiveFilters(busy)).toBe(true);
    const cleared = clearAll(busy);
    expect(cleared).toEqual(state({ category: 'clothes' }));
    expect(hasActiveFilters(cleared)).toBe(false);
  });

  it('keeps the price within 0 to 100 and pages at 1 or more', () => {
    expect(setPrice(state(), 140).price).toBe(100);
    expect(setPrice(state(), -3).price).toBe(0);
    expect(setPage(state(), 0).page).toBe(1);
  });
});
