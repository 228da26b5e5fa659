/** Display formats the spec names: money in dollars, US long dates, dashboard dd-mm-yyyy. */
import { formatDollars } from '@otaku/shared';

export const formatPrice = (dollars: number): string => formatDollars(dollars);

/**
 * A US date format made on first use, not when this module loads: making one costs a phone
 * tens of milliseconds (the locale's calendar data), which pages showing no date, such as the
 * shop's, would otherwise pay while they start.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let made: Intl.DateTimeFormat | undefined;
  return (date) => (made ??= new Intl.DateTimeFormat('en-US', options)).format(date);
}

const usLong = dateFormat({ year: 'numeric', month: 'long', day: 'numeric' });
const timeOfDay = dateFormat({ hour: 'numeric', minute: '2-digit' });

/** "March 7, 2025" (purchase history). */
export function formatLongDate(value: string | number | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : usLong(date);
}

/** "3:07 PM" (until when the cart holds its items). */
export function formatTimeOfDay(value: string | number | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : timeOfDay(date);
}

const dateAndTime = dateFormat({
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "December 1, 2026 at 6:00 PM", in the shopper's zone (when a drop opens). */
export function formatDateTime(value: string | number | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateAndTime(date);
}

/** The months as en-US writes them short ("Dec"). */
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * "Dec 1" (a shop card's coming drop), in the shopper's zone, as en-US writes it. Put together
 * here rather than by `Intl.DateTimeFormat`: a page's first date format costs 50–90 ms here
 * (the zone's and the locale's data), 200–350 ms on Lighthouse's phone, and the home and shop
 * pages show these cards while they start.
 */
export function formatMonthDay(value: string | number | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `${SHORT_MONTHS[date.getMonth()]} ${date.getDate()}`;
}

/** "07-03-2025" (dashboard tables). */
export function formatDashboardDate(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}-${two(date.getMonth() + 1)}-${date.getFullYear()}`;
}
