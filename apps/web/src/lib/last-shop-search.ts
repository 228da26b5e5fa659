/**
 * The shop's filters as the shopper last left them (the search of its address), so the product
 * page's "Back to Shop" returns to them, not to the shop's defaults. Kept per tab
 * (sessionStorage, which a reload keeps); the shop itself reads whatever it is given as it reads
 * any address, so a stale or edited value can only open some shop page.
 */
import { useSyncExternalStore } from 'react';
import { paths } from './paths';

const KEY = 'otaku.shopSearch';
/** Longer than any search the shop writes; anything longer is not kept. */
const MAX_LENGTH = 1_000;

const listeners = new Set<() => void>();

function tabStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(): string {
  try {
    const search = tabStore()?.getItem(KEY) ?? '';
    return search.startsWith('?') && search.length <= MAX_LENGTH ? search : '';
  } catch {
    return '';
  }
}

/** Called by the shop whenever its filters change: `search` is its address's search. */
export function rememberShopSearch(search: string): void {
  if (search.length > MAX_LENGTH || search === read()) return;
  try {
    tabStore()?.setItem(KEY, search);
  } catch {
    // Storage unavailable or full: Back to Shop opens the shop's defaults.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The shop's address with the shopper's last filters. The SSR page (and its hydration) links
 * to the plain shop, which is all the server knows; the link takes the filters right after.
 */
export function useShopLink(): string {
  return useSyncExternalStore(
    subscribe,
    () => paths.shop + read(),
    () => paths.shop,
  );
}
