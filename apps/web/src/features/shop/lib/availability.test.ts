import { DEFAULT_SHOP_STATE, parseShopParams, toConstraints, toShopParams } from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import { clearAll, hasActiveFilters, setAvailability } from './shop-state';

describe('the availability filter (decision 167)', () => {
  it('is read from and written to the address, every product left out of it', () => {
    const preorders = parseShopParams(new URLSearchParams('category=toys&availability=preorder'));
    expect(preorders.availability).toBe('preorder');
    expect(toShopParams(preorders).get('availability')).toBe('preorder');
    expect(toConstraints(preorders).availability).toBe('preorder');
    for (const value of ['all', 'soon', ''])
      expect(parseShopParams(new URLSearchParams(`availability=${value}`))).toEqual(
        DEFAULT_SHOP_STATE,
      );
  });

  it('goes back to page 1, counts as a filter, and Clear All clears it', () => {
    const filtered = setAvailability({ ...DEFAULT_SHOP_STATE, page: 3 }, 'in-stock');
    expect(filtered).toEqual({ ...DEFAULT_SHOP_STATE, availability: 'in-stock', page: 1 });
    expect(hasActiveFilters(filtered)).toBe(true);
    expect(setAvailability(filtered, 'all')).toEqual(DEFAULT_SHOP_STATE);
    expect(clearAll(filtered)).toEqual(DEFAULT_SHOP_STATE);
  });
});
