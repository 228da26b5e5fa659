import { PRODUCT_ID_PATTERN } from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import { CROCKFORD_ALPHABET, newOrderNumber, newProductId } from './ids';

describe('newProductId', () => {
  it('is the category prefix and 6 Crockford base-32 characters', () => {
    expect(newProductId('comics')).toMatch(/^COM-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(newProductId('clothes')).toMatch(/^CLO-/);
    expect(newProductId('shoes')).toMatch(/^SHO-/);
    expect(newProductId('toys')).toMatch(PRODUCT_ID_PATTERN);
  });

  it('draws from crypto randomness: a thousand ids do not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newProductId('toys')));
    expect(ids.size).toBe(1000);
  });

  it('is reproducible from a given source', () => {
    const source = (count: number) => Array.from({ length: count }, (_, i) => i * 5);
    expect(newProductId('comics', source)).toBe('COM-05AFMS');
    expect(newOrderNumber(source)).toBe('ORD-05AFMSY3');
  });
});

describe('newOrderNumber', () => {
  it('is ORD- and 8 characters without I, L, O or U', () => {
    expect(CROCKFORD_ALPHABET).not.toMatch(/[ILOU]/);
    for (let i = 0; i < 50; i++) expect(newOrderNumber()).toMatch(/^ORD-[0-9A-HJKMNP-TV-Z]{8}$/);
  });
});
