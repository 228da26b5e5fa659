/** Small pieces the four dashboard pages share: headers and stat cards. */
import { PAGE_TITLES } from '@otaku/shared';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { usePageTitle } from '../../../lib/use-page-title';

/** The id of a dashboard page's heading, which also names the page's table. */
export const pageHeadingId = (title: string) => `${title.toLowerCase()}-heading`;

/**
 * A page's title and actions; the title is the document's too. The title can take the focus (not by Tab): a dialog closing on a
 * table left without rows gives it to the heading that names the table (focus-return.ts).
 */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  usePageTitle(PAGE_TITLES.dashboard(title));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1
        id={pageHeadingId(title)}
        tabIndex={-1}
        className="font-display text-2xl font-extrabold text-ink-900 outline-none"
      >
        {title}
      </h1>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  );
}

export function StatCard({
  label,
  value,
  tone,
}: {
  label: string;
  value: ReactNode;
  tone: string;
}) {
  return (
    <div className={cn('rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100', tone)}>
      <p className="text-sm font-semibold text-ink-500">{label}</p>
      <p className="mt-1 text-2xl font-extrabold text-ink-900" data-testid={`stat-${label}`}>
        {value}
      </p>
    </div>
  );
}
