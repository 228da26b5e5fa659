/**
 * Whether a product's sale has started (limited drops, decision 166), by the server's clock as
 * this browser knows it (server-clock.ts), ticking while it has not. Answers carry the start
 * itself, not whether it has passed, so an answer kept in a cache (or an SSR page drawn long
 * ago) never makes this wrong.
 */
import { useEffect, useState } from 'react';
import { serverNow } from './server-clock';

export type SaleOpening =
  /**
   * No start, or one that has passed: on sale. `justOpened`: this page counted down to it (so
   * the page may say it opened).
   */
  | { state: 'open'; justOpened: boolean }
  /** The start is ahead: `msLeft` until it. */
  | { state: 'upcoming'; msLeft: number }
  /**
   * A start is set, but this render cannot know the time: the server's render of an SSR page
   * and the render that hydrates it (both must draw the same), and a first render before its
   * effect has read the clock.
   */
  | { state: 'unknown' };

/**
 * How long to wait before the next tick, `msLeft` from the start: until the shown second
 * changes (rounded up, so the last tick lands on the start itself), at most a second.
 */
export function nextTickIn(msLeft: number): number {
  const within = msLeft % 1000;
  return within === 0 ? 1000 : within;
}

/** The longest wait setTimeout takes (about 24.8 days); a longer one fires at once. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * The sale's state now for a start (ISO instant, or null for none). Re-renders every second
 * while it is ahead (`everySecond`, for a countdown), or else only when it opens.
 */
export function useSaleOpening(saleStartsAt: string | null, everySecond = true): SaleOpening {
  const startsAt = saleStartsAt === null ? null : Date.parse(saleStartsAt);
  const [now, setNow] = useState<number | null>(null);
  const [sawAhead, setSawAhead] = useState(false);

  useEffect(() => {
    if (startsAt === null || Number.isNaN(startsAt)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const current = serverNow();
      setNow(current);
      const left = startsAt - current;
      if (left > 0) setSawAhead(true);
      if (left > 0)
        timer = setTimeout(tick, everySecond ? nextTickIn(left) : Math.min(left, LONGEST_WAIT_MS));
    };
    tick();
    return () => clearTimeout(timer);
  }, [startsAt, everySecond]);

  if (startsAt === null || Number.isNaN(startsAt)) return { state: 'open', justOpened: false };
  if (now === null) return { state: 'unknown' };
  const msLeft = startsAt - now;
  return msLeft > 0 ? { state: 'upcoming', msLeft } : { state: 'open', justOpened: sawAhead };
}
