import { CART, CART_INFO, CATALOG, MAX_LINE_QUANTITY, VALIDATION } from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog-factories';
import { decrease, increase } from './purchase';

describe('increase', () => {
  const toy = (stock: number) =>
    createProduct({ category: 'toys', volumes: [], genres: [], stock, toyType: 'figure' });

  it('stops at the stock left, saying how many there are', () => {
    const step = increase(toy(3), { variant: '', quantity: 3 });
    expect(step).toEqual({ purchase: { variant: '', quantity: 3 }, message: CATALOG.onlyLeft(3) });
  });

  it(`stops at ${MAX_LINE_QUANTITY}, what one cart line holds, however much stock there is`, () => {
    expect(increase(toy(500), { variant: '', quantity: MAX_LINE_QUANTITY - 1 })).toEqual({
      purchase: { variant: '', quantity: MAX_LINE_QUANTITY },
    });
    expect(increase(toy(500), { variant: '', quantity: MAX_LINE_QUANTITY })).toEqual({
      purchase: { variant: '', quantity: MAX_LINE_QUANTITY },
      message: CART_INFO.lineLimit(MAX_LINE_QUANTITY, 0),
    });
  });

  it('says the item is out of stock when a product of one stock has none left', () => {
    expect(increase(toy(0), { variant: '', quantity: 0 })).toEqual({
      purchase: { variant: '', quantity: 0 },
      message: CART.outOfStock,
    });
    const comic = createProduct({ volumes: ['V1', 'V2'], stock: { V1: 0, V2: 3 } });
    expect(increase(comic, { variant: 'V1', quantity: 0 }).message).toBe(
      VALIDATION.variantOutOfStock,
    );
  });

  it('says the item is out of stock, not to pick a variant, when every variant is sold out', () => {
    const comic = createProduct({ volumes: ['V1', 'V2'], stock: { V1: 0, V2: 0 } });
    const none = { variant: null, quantity: 0 };
    expect(increase(comic, none)).toEqual({ purchase: none, message: CART.outOfStock });
    expect(decrease(comic, none)).toEqual({ purchase: none, message: CART.outOfStock });
  });
});
