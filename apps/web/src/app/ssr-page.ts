/**
 * When the SSR page (docs/decisions/087) was first painted: its screen has been on show since
 * then, not since the app hydrated it. A screen whose timing the shopper can see (the home
 * page's loading screen, decision 090) counts from this moment when it is the screen the page
 * arrived with, and from its own mount otherwise.
 */

interface SsrScreen {
  path: string;
  /** Milliseconds since the navigation started (`performance.now()`'s clock). */
  shownAt: number;
  /** Set once a screen has taken this time over: later visits to the path start afresh. */
  claimed: boolean;
}

let ssr: SsrScreen | null = null;

/** Called by the entry when it hydrates an SSR page, before React renders anything. */
export function noteSsrPage(path: string, perf: Pick<Performance, 'getEntriesByName' | 'now'>) {
  const paint = perf.getEntriesByName('first-contentful-paint')[0];
  ssr = { path, shownAt: paint ? paint.startTime : perf.now(), claimed: false };
}

/**
 * Since when the screen at `path` has been on show, for a screen rendering now: the SSR page's
 * first paint when this is the hydrated screen's first render, else now. Pure, so React may
 * call it twice in a render; `claimSsrScreen` (in an effect) makes it happen once.
 */
export function shownSince(path: string, now: number): number {
  return ssr && !ssr.claimed && ssr.path === path ? Math.min(ssr.shownAt, now) : now;
}

/** The SSR screen's time has been used: a later mount of any screen starts from its own. */
export function claimSsrScreen() {
  if (ssr) ssr.claimed = true;
}
