/** Money is integer cents inside; the API speaks dollars with two decimals (DESIGN.md §4). */
import { SHIPPING_CENTS } from './constants';

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => Math.round(cents) / 100;
export function formatDollars(dollars: number): string {
  const cents = Math.round(dollars * 100);
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  // Thousands separated as US prices are written: $12,345.60, -$5.00.
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${rest}`;
}
/** An amount kept in cents, written as the shop writes money: 3499 → $34.99. */
export const formatCents = (cents: number): string => formatDollars(toDollars(cents));

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

/** subtotal = Σ price × qty; discount = round(subtotal × percent / 100); flat shipping on a non-empty cart. */
export function computeTotals(
  lines: ReadonlyArray<{ priceCents: number; quantity: number }>,
  discountPercent = 0,
): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const discountCents = Math.round((subtotalCents * discountPercent) / 100);
  const shippingCents = lines.length > 0 ? SHIPPING_CENTS : 0;
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    totalCents: subtotalCents - discountCents + shippingCents,
  };
}
