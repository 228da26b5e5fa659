/** Small pieces the four dashboard pages share: headers, stat cards and table states. */
import { DASHBOARD } from '@otaku/shared';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui';
import { cn } from '../../../lib/cn';

/** The id of a dashboard page's heading, which also names the page's table. */
export const pageHeadingId = (title: string) => `${title.toLowerCase()}-heading`;

/**
 * A page's title and actions. The title can take the focus (not by Tab): a dialog closing on a
 * table left without rows gives it to the heading that names the table (focus-return.ts).
 */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
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

/** The table body's loading, error and empty rows; null when there are rows to show. */
export function TableState({
  columns,
  loading,
  error,
  empty,
  emptyText,
}: {
  columns: number;
  loading: boolean;
  error: string | null;
  empty: boolean;
  emptyText: string;
}) {
  if (!loading && !error && !empty) return null;
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-10 text-center text-sm text-ink-500">
        {loading ? (
          <span className="inline-flex items-center gap-2">
            <Spinner size="sm" /> {DASHBOARD.loading}
          </span>
        ) : error ? (
          <span role="alert" className="text-red-600">
            {error}
          </span>
        ) : (
          emptyText
        )}
      </td>
    </tr>
  );
}

export const th = 'px-3 py-3 text-left text-xs font-bold tracking-wide text-ink-500 uppercase';
export const td = 'px-3 py-3 align-middle text-sm text-ink-800';
/** A cell whose value reads as one piece (an ID, a date, an amount): never broken over lines. */
export const tdWhole = `${td} whitespace-nowrap`;
export const tableWrap = 'overflow-auto rounded-2xl bg-white shadow-sm ring-1 ring-ink-100';
