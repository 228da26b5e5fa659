/**
 * When the page the server drew (docs/decisions/087) was first painted: that screen has been
 * on show since then, not since the app started. A screen whose timing the shopper can see
 * (the home page's loading screen, decision 090) counts from this moment when it is the screen
 * the page arrived with, and from its own mount otherwise.
 */

interface DrawnScreen {
  path: string;
  /** Milliseconds since the navigation started (`performance.now()`'s clock). */
  shownAt: number;
  /** Set once a screen has taken this time over: later visits to the path start afresh. */
  claimed: boolean;
}

let drawn: DrawnScreen | null = null;

/** Called by the entry when it takes over a drawn page, before React renders anything. */
export function noteDrawnScreen(path: string, perf: Pick<Performance, 'getEntriesByName' | 'now'>) {
  const paint = perf.getEntriesByName('first-contentful-paint')[0];
  drawn = { path, shownAt: paint ? paint.startTime : perf.now(), claimed: false };
}

/**
 * Since when the screen at `path` has been on show, for a screen rendering now: the drawn
 * page's first paint when this is the drawn screen's first render, else now. Pure, so React
 * may call it twice in a render; `claimDrawnScreen` (in an effect) makes it happen once.
 */
export function shownSince(path: string, now: number): number {
  return drawn && !drawn.claimed && drawn.path === path ? Math.min(drawn.shownAt, now) : now;
}

/** The drawn screen's time has been used: a later mount of any screen starts from its own. */
export function claimDrawnScreen() {
  if (drawn) drawn.claimed = true;
}
