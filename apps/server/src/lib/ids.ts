/**
 * Identifiers people read and type: product ids (`COM-8F3K2Q`) and order numbers
 * (`ORD-7K2M9Q4A`), in Crockford base-32 so that I/L/O/U never get confused with 1/0/V.
 */
import { randomBytes } from 'node:crypto';
import { PRODUCT_ID_PREFIX, type Category } from '@otaku/shared';

export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Returns `count` integers in [0, 32). */
export type Base32Source = (count: number) => number[];

/** 256 is a multiple of 32, so masking a random byte keeps every character equally likely. */
export const cryptoBase32: Base32Source = (count) => [...randomBytes(count)].map((b) => b & 31);

export function base32(length: number, source: Base32Source = cryptoBase32): string {
  return source(length)
    .map((i) => CROCKFORD_ALPHABET[i & 31])
    .join('');
}

/**
 * A new product id for the category. 32^6 ids per category make a clash unlikely but not
 * impossible: callers insert and retry on a unique violation. The demo seed passes a seeded
 * source so its catalog is the same on every machine.
 */
export function newProductId(category: Category, source: Base32Source = cryptoBase32): string {
  return `${PRODUCT_ID_PREFIX[category]}-${base32(6, source)}`;
}

export function newOrderNumber(source: Base32Source = cryptoBase32): string {
  return `ORD-${base32(8, source)}`;
}
