/**
 * The home page's loading screen (spec §2, §4 "Home loading", §9): four section flags set at
 * 300, 600, 900 and 1200 ms, all forced on after 2 s; progress is the percent set.
 */
import { HOME, TIMINGS } from '@otaku/shared';
import { useEffect, useState } from 'react';

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

/** The flags as they are set over time; loading ends when all four are. */
export function useHomeLoading(): { progress: number; loaded: boolean } {
  const [flags, setFlags] = useState<SectionFlags>(NONE);
  useEffect(() => {
    const timers = SECTIONS.map((section, i) =>
      window.setTimeout(
        () => setFlags((f) => ({ ...f, [section]: true })),
        TIMINGS.homeSectionFlagsMs[i],
      ),
    );
    timers.push(window.setTimeout(() => setFlags(ALL), TIMINGS.homeForceLoadedMs));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, []);
  const progress = progressOf(flags);
  return { progress, loaded: progress === 100 };
}
