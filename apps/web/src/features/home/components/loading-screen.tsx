import { HOME_PAGE, LAYOUT } from '@otaku/shared';
import { loadingEndStyle, loadingText } from '../lib/home-loading';

/** The progress percent and its text while the home page's sections load. */
export function LoadingScreen({ progress }: { progress: number }) {
  return (
    <section
      aria-label={HOME_PAGE.loading}
      style={{ minHeight: LAYOUT.heroHeightPx, ...loadingEndStyle }}
      className="home-loading-screen flex flex-col items-center justify-center gap-6 bg-ink-950 px-6 text-white"
    >
      <p className="font-display text-6xl font-black tabular-nums text-sakura-400">{progress}%</p>
      <div
        role="progressbar"
        aria-label={HOME_PAGE.loading}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}% · ${loadingText(progress)}`}
        className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-sakura-500 to-sun-400 transition-[width] duration-300"
          style={{ width: `${progress}%` }}
        />
      </div>
      <p aria-live="polite" className="text-lg font-semibold text-ink-100">
        {loadingText(progress)}
      </p>
    </section>
  );
}
