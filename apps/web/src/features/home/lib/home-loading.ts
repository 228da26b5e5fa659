/**
 * The home page's loading screen (spec §2, §4 "Home loading", §9): four section flags set at
 * 300, 600, 900 and 1200 ms, all forced on after 2 s; progress is the percent set. At 100 % the
 * screen says 'Almost ready!' for a moment (ALMOST_READY_MS) before it goes. The clock
 * starts when the loading screen first showed: on a page the server drew, at its first paint,
 * so a phone that took a while to start the app does not show the screen for longer
 * (docs/decisions/090).
 */
import { HOME, TIMINGS } from '@otaku/shared';
import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { claimSsrScreen, shownSince } from '../../../app/ssr-page';

export const SECTIONS = ['banner', 'comics', 'clothes', 'actionFigures'] as const;
export type Section = (typeof SECTIONS)[number];
export type SectionFlags = Record<Section, boolean>;

const NONE: SectionFlags = { banner: false, comics: false, clothes: false, actionFigures: false };
const ALL: SectionFlags = { banner: true, comics: true, clothes: true, actionFigures: true };

export function progressOf(flags: SectionFlags): number {
  return Math.round((SECTIONS.filter((s) => flags[s]).length / SECTIONS.length) * 100);
}

/** The text for a progress percent, word for word from spec §2. */
export function loadingText(progress: number): string {
  if (progress >= 100) return HOME.almostReady;
  if (progress >= 75) return HOME.loadingActionFigures;
  if (progress >= 50) return HOME.loadingClothes;
  if (progress >= 25) return HOME.loadingComics;
  return HOME.loadingBanner;
}

/**
 * How long the screen shows 100 % and 'Almost ready!' once the last flag is set: the spec gives
 * 100 % its text, and a screen that went the moment it got there would never show it. One step
 * of the screen's own rhythm (docs/decisions/162).
 */
export const ALMOST_READY_MS = 300;

/**
 * When the screen goes and the page shows: a moment after the last flag is set. The page's CSS
 * ends the loading screen at this moment too (`.home-loading-*` in index.css, delayed by
 * `loadingEndStyle`), so a page the server drew shows its hero on time even while the app is
 * still starting.
 */
export const LOADING_ENDS_MS = Math.max(...TIMINGS.homeSectionFlagsMs) + ALMOST_READY_MS;
export const loadingEndStyle = { animationDelay: `${LOADING_ENDS_MS}ms` } as const;

/** The flags set `elapsed` ms after the loading screen showed. */
export function flagsAfter(elapsed: number): SectionFlags {
  if (elapsed >= TIMINGS.homeForceLoadedMs) return ALL;
  const flags = { ...NONE };
  SECTIONS.forEach((section, i) => (flags[section] = elapsed >= TIMINGS.homeSectionFlagsMs[i]!));
  return flags;
}

/** One state of the loading screen: what it shows from `fromMs` until `untilMs`. */
export interface LoadingStep {
  fromMs: number;
  untilMs: number;
  progress: number;
  text: string;
}

/**
 * The screen's states between its start and its end, from the spec's moments. The screen
 * steps through them by its own CSS (`.home-loading-step`, delayed by `stepStyle`), so it
 * moves on time before the app has started, and without JavaScript (docs/decisions/100).
 */
export const LOADING_STEPS: readonly LoadingStep[] = [0, ...TIMINGS.homeSectionFlagsMs]
  .filter((ms) => ms < LOADING_ENDS_MS)
  .map((fromMs, i, moments) => {
    const progress = progressOf(flagsAfter(fromMs));
    return {
      fromMs,
      untilMs: moments[i + 1] ?? LOADING_ENDS_MS,
      progress,
      text: loadingText(progress),
    };
  });

/**
 * Shown from `fromMs` to `untilMs` after the screen appeared: the first of the step's two
 * animations hides it until then (a negative delay for the first step: no hidden moment at
 * all), the second from then on.
 */
export const stepStyle = ({ fromMs, untilMs }: Pick<LoadingStep, 'fromMs' | 'untilMs'>) =>
  ({ animationDelay: `${fromMs || -1}ms, ${untilMs}ms` }) as const;

/**
 * Calls `end` once the screen's own CSS has ended it (`.home-loading-screen`, hidden
 * LOADING_ENDS_MS after the browser styled it), at once where no animation runs on it (no style
 * sheet, no Web Animations). The browser draws, and announces, each step no later than the
 * frame in which the screen ends, so however far ahead of its drawing a busy phone runs the
 * app's timers, the shopper still sees 100 % and 'Almost ready!' before the page shows.
 */
function afterScreenEnds(screen: HTMLElement | null, end: () => void): void {
  const animations = screen?.getAnimations?.() ?? [];
  if (animations.length === 0) return end();
  // Rejected when the animation is cancelled (the screen went another way): end all the same.
  void Promise.all(animations.map((animation) => animation.finished)).then(end, end);
}

const neverChanges = () => () => {};
const countedInBrowser = () => true;
const notCountedOnServer = () => false;

/**
 * The flags as they are set over time; loading ends when all four are, and the screen (`screen`)
 * goes ALMOST_READY_MS later, once its own CSS has ended it too. `progress` is null until the
 * app's clock runs: the server's drawing, and the page the app takes over, cannot know how far
 * the screen (stepping by its CSS) has got, so they say only that it is loading.
 */
export function useHomeLoading(screen: RefObject<HTMLElement | null>): {
  progress: number | null;
  loaded: boolean;
} {
  const { pathname } = useLocation();
  // The first render has no flag set, as the server drew it; the timers catch up.
  const [shownAt] = useState(() => shownSince(pathname, performance.now()));
  const [flags, setFlags] = useState<SectionFlags>(NONE);
  const [screenEnded, setScreenEnded] = useState(false);
  // The server's snapshot while drawn or taken over, the browser's once the app renders alone.
  const counted = useSyncExternalStore(neverChanges, countedInBrowser, notCountedOnServer);
  useEffect(() => {
    claimSsrScreen();
    const elapsed = performance.now() - shownAt;
    // One timer for each moment still ahead, and one at once for those already past.
    const moments = [...TIMINGS.homeSectionFlagsMs, TIMINGS.homeForceLoadedMs];
    const ahead = moments.filter((ms) => ms > elapsed);
    const timers = ahead.map((ms) =>
      window.setTimeout(() => setFlags(flagsAfter(ms)), ms - elapsed),
    );
    if (ahead.length < moments.length) {
      timers.push(window.setTimeout(() => setFlags(flagsAfter(elapsed)), 0));
    }
    let gone = false;
    const endScreen = () =>
      afterScreenEnds(screen.current, () => {
        if (!gone) setScreenEnded(true);
      });
    timers.push(window.setTimeout(endScreen, Math.max(0, LOADING_ENDS_MS - elapsed)));
    return () => {
      gone = true;
      timers.forEach((t) => window.clearTimeout(t));
    };
  }, [shownAt, screen]);
  const progress = progressOf(flags);
  return { progress: counted ? progress : null, loaded: screenEnded && progress === 100 };
}
