import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';

export interface NotFoundPanelProps {
  title?: string;
  message?: string;
  /** Ways back, e.g. links home or to the shop. */
  children?: ReactNode;
}

/** The friendly "nothing here" message of unknown routes. */
export function NotFoundPanel({
  title = 'This page wandered off',
  message = 'We looked on every shelf, but there is nothing at this address. It may have moved, or the link may be mistyped.',
  children,
}: NotFoundPanelProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
      <p
        aria-hidden="true"
        className="font-display text-7xl font-black text-sakura-500/90 sm:text-8xl"
      >
        404
      </p>
      <span className="grid size-14 place-items-center rounded-2xl bg-ink-100 text-ink-600">
        <SearchX aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-extrabold text-ink-900 sm:text-3xl">{title}</h1>
      <p className="text-ink-600">{message}</p>
      {children ? <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </section>
  );
}
