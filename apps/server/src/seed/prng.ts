/**
 * A small seeded random generator (mulberry32). Demo data draws from it instead of
 * Math.random so every machine gets the same catalog, ids and order numbers.
 */
import type { Base32Source } from '../lib/ids';

export interface Rng {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  base32: Base32Source;
}

/** FNV-1a of a string: a stable seed per name, so one entry's draws do not shift another's. */
export function seedFrom(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

export function createRng(seed: number | string): Rng {
  let state = (typeof seed === 'string' ? seedFrom(seed) : seed) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    base32: (count) => Array.from({ length: count }, () => int(0, 31)),
  };
}
