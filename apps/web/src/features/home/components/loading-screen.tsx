import { HOME_PAGE, LAYOUT } from '@otaku/shared';
import type { Ref } from 'react';
import {
  LOADING_STEPS,
  loadingEndStyle,
  loadingText,
  stepStyle,
  type LoadingStep,
} from '../lib/home-loading';

/** The bar filled up to a step's progress, its gradient the same slice of the whole bar's. */
const fillStyle = (step: LoadingStep) => ({
  ...stepStyle(step),
  width: `${step.progress}%`,
  backgroundSize: `${(100 / step.progress) * 100}% 100%`,
});

/**
 * The progress percent and its text while the home page's sections load. Every step is in the
 * markup and the page's CSS shows each in its turn, from the moment the screen appeared
 * (`.home-loading-step`, docs/decisions/100): an SSR page steps on time before the app has
 * hydrated it. `progress`, the app's own count, is what the progress bar reports to
 * assistive technology; without it (null: rendered on the server, or not yet counted) the bar is
 * indeterminate, for it cannot say how far the screen has got.
 */
export function LoadingScreen({
  progress,
  ref,
}: {
  progress: number | null;
  ref?: Ref<HTMLElement>;
}) {
  return (
    <section
      ref={ref}
      aria-label={HOME_PAGE.loading}
      style={{ minHeight: LAYOUT.heroHeightPx, ...loadingEndStyle }}
      className="home-loading-screen flex flex-col items-center justify-center gap-6 bg-ink-950 px-6 text-white"
    >
      <p className="font-display text-6xl font-black tabular-nums text-sakura-400">
        {LOADING_STEPS.map((step) => (
          <span key={step.fromMs} className="home-loading-step" style={stepStyle(step)}>
            {step.progress}%
          </span>
        ))}
      </p>
      <div
        role="progressbar"
        aria-label={HOME_PAGE.loading}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress ?? undefined}
        aria-valuetext={progress === null ? undefined : `${progress}% · ${loadingText(progress)}`}
        className="relative h-2 w-full max-w-sm overflow-hidden rounded-full bg-white/10"
      >
        {LOADING_STEPS.filter((step) => step.progress > 0).map((step) => (
          <div
            key={step.fromMs}
            className="home-loading-step absolute inset-y-0 left-0 rounded-full bg-gradient-to-r from-sakura-500 to-sun-400"
            style={fillStyle(step)}
          />
        ))}
      </div>
      <p aria-live="polite" className="text-lg font-semibold text-ink-100">
        {LOADING_STEPS.map((step) => (
          <span key={step.fromMs} className="home-loading-step" style={stepStyle(step)}>
            {step.text}
          </span>
        ))}
      </p>
    </section>
  );
}
