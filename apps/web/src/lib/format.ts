/** Display formats the spec names: money in dollars, US long dates, dashboard dd-mm-yyyy. */
import { formatDollars } from '@otaku/shared';

export const formatPrice = (dollars: number): string => formatDollars(dollars);

const usLong = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** "March 7, 2025" (purchase history). */
export function formatLongDate(value: string | number | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : usLong.format(date);
}

/** "07-03-2025" (dashboard tables). */
export function formatDashboardDate(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}-${two(date.getMonth() + 1)}-${date.getFullYear()}`;
}
