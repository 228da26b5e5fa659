/**
 * A product's sale start (limited drops, decision 166): staff set the instant on the product
 * form, the cart refuses its units before it (by the database's clock), and the product page
 * counts down to it by the shopper's clock. Products answer the instant itself, never "open"
 * or "closed", so an answer kept in a cache stays true whenever it is read.
 */

/** The earliest year a sale start may name: anything earlier is a slip of the keyboard. */
export const SALE_START_MIN_YEAR = 2000;

/** Longer than any date and time with seconds, milliseconds and an offset: refused unread. */
const SALE_START_MAX_LENGTH = 40;

/** yyyy-mm-ddThh:mm[:ss[.sss]] and a time zone: Z or ±hh:mm. */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})$/i;

/** The product form's refusals of a sale start (400 with `field: saleStartsAt`). */
export const SALE_START_RULES = {
  invalid:
    'Sale start must be a date and time with its time zone, such as 2026-12-01T18:00Z, or empty to sell at once',
  tooEarly: `Sale start must be in the year ${SALE_START_MIN_YEAR} or later, or empty to sell at once`,
} as const;

const real = (
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  s: number,
) => {
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, s));
  return (
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    s < 60
  );
};

/**
 * A sale start as sent: null for none (empty), the instant it names, or the message why not.
 * Only an instant with its time zone is taken, so "18:00" never means the server's own zone.
 */
export function checkSaleStartsAt(raw: string): string | Date | null {
  const text = raw.trim();
  if (text === '') return null;
  if (text.length > SALE_START_MAX_LENGTH) return SALE_START_RULES.invalid;
  const parts = INSTANT.exec(text);
  if (!parts) return SALE_START_RULES.invalid;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map((p) => Number(p ?? 0));
  const offset = parts[8]!.toUpperCase();
  if (!real(year!, month!, day!, hour!, minute!, second!)) return SALE_START_RULES.invalid;
  if (offset !== 'Z' && (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4)) > 59))
    return SALE_START_RULES.invalid;
  const at = new Date(text.toUpperCase());
  if (Number.isNaN(at.getTime())) return SALE_START_RULES.invalid;
  if (at.getUTCFullYear() < SALE_START_MIN_YEAR) return SALE_START_RULES.tooEarly;
  return at;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The product form's value for an instant (its date and time fields), in the zone of whoever
 * runs it (the staff member's browser): yyyy-mm-ddThh:mm, with :ss when the instant has seconds.
 */
export function toLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  const seconds = at.getSeconds() === 0 ? '' : `:${two(at.getSeconds())}`;
  return `${day}T${two(at.getHours())}:${two(at.getMinutes())}${seconds}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * What the product form sends for its date and time (yyyy-mm-ddThh:mm[:ss]), read in the zone
 * of whoever runs it: the instant with its zone (toISOString), '' for none, and anything else
 * as typed, so checkSaleStartsAt refuses it with its message. A date or time that does not
 * exist (31-02, 24:00) is sent as typed too: a browser would read 31-02 as the 3rd of March.
 */
export function fromLocalDateTime(local: string): string {
  const text = local.trim();
  const parts = LOCAL.exec(text);
  if (!parts) return text;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((p) => Number(p ?? 0));
  if (!real(year!, month!, day!, hour!, minute!, second!)) return text;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? text : at.toISOString();
}

/** The product form's date and time of a local `yyyy-mm-ddThh:mm[:ss]`, each '' when absent. */
export function splitLocalDateTime(local: string): { date: string; time: string } {
  const at = local.indexOf('T');
  return at < 0
    ? { date: local, time: '' }
    : { date: local.slice(0, at), time: local.slice(at + 1) };
}

/** The product form's value for a date (yyyy-mm-dd) and a time (hh:mm): '' when both are. */
export const joinLocalDateTime = (date: string, time: string): string =>
  date === '' && time === '' ? '' : `${date}T${time}`;

/** Whole days, hours, minutes and seconds left until `ms` milliseconds have passed. */
export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The time left, rounded up to the second, so 0 shows only once the start has come. */
export function timeLeft(ms: number): TimeLeft {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3_600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
  };
}

const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;

let utcFormat: Intl.DateTimeFormat | undefined;

/** "December 1, 2026 at 6:00 PM UTC": an instant as the server words it for anyone, anywhere. */
export function formatUtcDateTime(iso: string): string {
  utcFormat ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return `${utcFormat.format(new Date(iso))} UTC`;
}

/** What shoppers read of a drop that has not opened yet. */
export const SALE_START = {
  /** The cart's refusal of an add before the sale start (409 GENERAL_ERROR with `opensAt`). */
  notOnSaleYet: (opensAt: string) =>
    `This item is not on sale yet. It goes on sale on ${formatUtcDateTime(opensAt)}.`,
  /** On the product page, in the shopper's own zone: "Opens December 1, 2026 at 6:00 PM". */
  opens: (when: string) => `Opens ${when}`,
  /** The countdown's label. */
  countdown: 'Sale opens in',
  /** The countdown as a screen reader reads it when asked (it is not announced every second). */
  timeLeft: ({ days, hours, minutes, seconds }: TimeLeft) =>
    [
      ...(days > 0 ? [unit(days, 'day')] : []),
      ...(days > 0 || hours > 0 ? [unit(hours, 'hour')] : []),
      unit(minutes, 'minute'),
      unit(seconds, 'second'),
    ].join(', '),
  /** The add-to-cart button until the sale opens. */
  notYet: 'Not on sale yet',
  /** Announced once, when the countdown reaches zero on the open page. */
  nowOpen: 'On sale now',
  /** A shop card of a product whose sale has not started: "Coming Dec 1". */
  coming: (when: string) => `Coming ${when}`,
  /** The product form's fields (a date and a time, decision 171), their hint. */
  field: 'Sale start',
  date: 'Date',
  time: 'Time',
  /** The form's words for a date or time it cannot read (the API's rule names its own format). */
  formInvalid:
    'Enter the date as dd-mm-yyyy and the time as hh:mm (24-hour), or leave both empty to sell at once',
  hint: 'Optional, for limited drops: shoppers see a countdown and cannot add it to their cart before this time (your time zone). Leave empty to sell at once.',
} as const;
