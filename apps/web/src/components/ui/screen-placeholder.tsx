import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Badge } from './badge';

export interface ScreenPlaceholderProps {
  icon: LucideIcon;
  title: string;
  /** One sentence: what this screen is for. */
  summary: string;
  /** What the finished screen will contain. */
  upcoming: readonly string[];
  /** Real links that already work (e.g. to sign-up from login). */
  children?: ReactNode;
  className?: string;
}

/**
 * Stands in for a screen that is not built yet and says plainly what will be there, so nobody
 * mistakes it for working functionality.
 */
export function ScreenPlaceholder({
  icon: Icon,
  title,
  summary,
  upcoming,
  children,
  className,
}: ScreenPlaceholderProps) {
  return (
    <section
      className={cn(
        'mx-auto w-full max-w-3xl rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-100 sm:p-10',
        className,
      )}
    >
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-sakura-500 to-ink-700 text-white shadow-md shadow-sakura-900/20">
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <div className="flex flex-col gap-1.5">
          <Badge tone="sun" className="self-start">
            Coming soon
          </Badge>
          <h1 className="text-2xl font-extrabold text-ink-900 sm:text-3xl">{title}</h1>
        </div>
      </div>
      <p className="mt-5 text-base text-ink-600">{summary}</p>
      <div className="mt-6 rounded-2xl border border-dashed border-ink-200 bg-ink-50/60 p-5">
        <h2 className="text-sm font-bold tracking-wide text-ink-500 uppercase">
          What this screen will hold
        </h2>
        <ul className="mt-3 grid gap-2 text-sm text-ink-700">
          {upcoming.map((item) => (
            <li key={item} className="flex gap-2.5">
              <span
                aria-hidden="true"
                className="mt-1.5 size-2 shrink-0 rounded-full bg-sakura-400"
              />
              {item}
            </li>
          ))}
        </ul>
      </div>
      {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
    </section>
  );
}
