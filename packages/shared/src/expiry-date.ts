/**
 * A coupon's expiry date as the date input sends it (yyyy-mm-dd, valid to the end of that day,
 * UTC) or as an ISO timestamp (UTC when it names no zone). The date must exist on the calendar
 * (2027-02-31 does not) and the year has four digits. Whether it lies in the future is checked
 * where "now" is known.
 */
import { z } from './zod';
import { DASHBOARD_RULES } from './dashboard-messages';
import { requiredString } from './text-rules';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$/i;

/** Whether year-month-day names a day that exists (no 31 February, no month 13). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The moment the text names, or undefined when it is not a real date in these forms. */
export function parseExpiryDate(text: string): Date | undefined {
  const dateOnly = DATE_ONLY.exec(text);
  const timestamp = dateOnly ? null : TIMESTAMP.exec(text);
  const parts = dateOnly ?? timestamp;
  if (!parts || !isCalendarDay(Number(parts[1]), Number(parts[2]), Number(parts[3])))
    return undefined;
  const date = dateOnly
    ? new Date(`${text}T23:59:59.999Z`)
    : new Date(timestamp?.[8] ? text : `${text}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export const expiryDateSchema = requiredString(
  DASHBOARD_RULES.expiryRequired,
  DASHBOARD_RULES.expiryInvalid,
)
  .trim()
  .min(1, DASHBOARD_RULES.expiryRequired)
  .transform((text, ctx) => {
    const date = parseExpiryDate(text);
    if (date) return date;
    ctx.addIssue({ code: 'custom', message: DASHBOARD_RULES.expiryInvalid });
    return z.NEVER;
  });
