import { describe, expect, it } from 'vitest';
import { computeTotals, formatDollars, toCents, toDollars } from './money';

describe('computeTotals', () => {
  it('adds flat shipping to a non-empty cart', () => {
    expect(computeTotals([{ priceCents: 1999, quantity: 2 }])).toEqual({
      subtotalCents: 3998,
      discountCents: 0,
      shippingCents: 500,
      totalCents: 4498,
    });
  });

  it('charges no shipping on an empty cart', () => {
    expect(computeTotals([]).totalCents).toBe(0);
  });

  it('rounds the discount to the cent', () => {
    // 15% of 33.33 is 4.9995 → 5.00
    const totals = computeTotals([{ priceCents: 3333, quantity: 1 }], 15);
    expect(totals.discountCents).toBe(500);
    expect(totals.totalCents).toBe(3333 - 500 + 500);
  });

  it('gives everything but shipping away at 100%', () => {
    expect(computeTotals([{ priceCents: 1234, quantity: 3 }], 100).totalCents).toBe(500);
  });
});

describe('dollars and cents', () => {
  it('converts without floating-point drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toDollars(1999)).toBe(19.99);
    expect(formatDollars(5)).toBe('$5.00');
  });

  it('writes dollars with thousands separators and the sign before the dollar', () => {
    expect(formatDollars(999.999)).toBe('$1,000.00');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(1_234_567.891)).toBe('$1,234,567.89');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(-0.001)).toBe('$0.00');
    expect(formatDollars(-1250)).toBe('-$1,250.00');
  });
});
