/**
 * An order waiting for a release (decision 167): under its ID in the list, in words, with the
 * release day of each pre-ordered line still ahead.
 */
import { calendarDateText, PREORDER, type DashboardOrder } from '@otaku/shared';
import { CalendarClock } from 'lucide-react';

export function WaitingMark({ order }: { order: DashboardOrder }) {
  const days = [
    ...new Set(
      order.products
        .filter((line) => line.waitingForRelease && line.releaseDate)
        .map((line) => line.releaseDate as string),
    ),
  ].sort();
  if (days.length === 0) return null;
  return (
    <p className="mt-1 flex max-w-56 items-start gap-1 text-xs font-semibold text-sun-700">
      <CalendarClock aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        {PREORDER.waiting}: {days.map(calendarDateText).join(', ')}
      </span>
    </p>
  );
}
