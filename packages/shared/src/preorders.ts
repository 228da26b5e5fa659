/**
 * Pre-orders (DESIGN.md §9, decision 167): a product is a pre-order while its release date, a
 * calendar date in the shop's time zone (UTC, as coupons' expiry dates), lies ahead. Its
 * variants' stock is then the pre-order allocation. The words shoppers and staff read about
 * them, the shop's availability filter, and the dates' rules and forms live here.
 */

/** The shop's availability filter: every product, only pre-orders, or only what ships now. */
export const AVAILABILITIES = [
  { value: 'all', label: 'All' },
  { value: 'preorder', label: 'Pre-orders' },
  { value: 'in-stock', label: 'In stock' },
] as const;
export type Availability = (typeof AVAILABILITIES)[number]['value'];
export const AVAILABILITY_VALUES = AVAILABILITIES.map((a) => a.value) as [
  Availability,
  ...Availability[],
];
export const DEFAULT_AVAILABILITY: Availability = 'all';

/** The most coming releases /releases lists (the earliest ones). */
export const RELEASES_LIMIT = 120;

/** What staff read about pre-orders in the dashboard's lists. */
export const PREORDER_STAFF = {
  waitingFilter: 'Only orders waiting for a release',
  noneWaiting: 'No order is waiting for a release.',
} as const;

/** The product form's pre-order fields. */
export const PREORDER_FORM = {
  legend: 'Pre-order',
  releaseDate: 'Release date',
  releaseDateHint:
    'Optional: makes the product a pre-order until this day; its stock is the pre-order allocation. Empty for a product that ships now.',
  preorderUntil: 'Last pre-order date',
  preorderUntilHint: 'Optional: the last day it can be pre-ordered, before the release date.',
} as const;

/** The /releases page's words. */
export const RELEASES_PAGE = {
  heading: 'Coming releases',
  lead: 'Pre-order now: pay by card or cash on delivery, and it ships on its release day.',
  loading: 'Loading the coming releases',
  failed: 'The coming releases could not be loaded.',
  retry: 'Try again',
  /** The navigation bar's and the footer's link. */
  link: 'Releases',
} as const;

/** The shop's availability filter's words. */
export const PREORDER_FILTER = { legend: 'Availability' } as const;

/** How far ahead a release date may be set, in years. */
export const RELEASE_YEARS_AHEAD = 5;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a yyyy-mm-dd date that exists on the calendar (no 31 February). */
export function isCalendarDate(text: string): boolean {
  const parts = CALENDAR_DATE.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Today in the shop's time zone as yyyy-mm-dd (the server's `shop_today()` says the same). */
export function shopToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The yyyy-mm-dd `years` years after `day` (29 February to 28 February). */
export function yearsAfter(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, m - 1, Math.min(d, m === 2 ? 28 : d)));
  date.setUTCFullYear(y + years);
  return date.toISOString().slice(0, 10);
}

/** "2027-03-15" as "March 2027": the month a release is listed under. */
export function releaseMonth(day: string): string {
  const parts = CALENDAR_DATE.exec(day);
  if (!parts) return day;
  return `${MONTHS[Number(parts[2]) - 1] ?? parts[2]} ${parts[1]}`;
}

/** "2027-03-15" as "15 March 2027". */
export function calendarDateText(day: string): string {
  const parts = CALENDAR_DATE.exec(day);
  if (!parts) return day;
  return `${Number(parts[3])} ${MONTHS[Number(parts[2]) - 1] ?? parts[2]} ${parts[1]}`;
}

/** What shoppers and staff read about pre-orders. */
export const PREORDER = {
  badge: 'Pre-order',
  /** On shop cards and the product page, under the badge. */
  releases: (day: string) => `Releases ${releaseMonth(day)}`,
  /** A cart, order or mail line of a pre-order, with its exact day. */
  lineReleases: (day: string) => `Pre-order: releases ${calendarDateText(day)}`,
  /** An order line pre-ordered whose product has since been released. */
  lineReleased: (day: string) => `Pre-ordered: released ${calendarDateText(day)}`,
  /** An order line whose release staff moved (decision 170): the day it had before. */
  movedFrom: (day: string) => `moved from ${calendarDateText(day)}`,
  /** On the product page of a pre-order with a last pre-order day. */
  orderBy: (day: string) => `Pre-order by ${calendarDateText(day)}`,
  /** The product page once the last pre-order day has passed. */
  closedNote: 'Pre-orders are closed until the release.',
  /** An add to cart after the last pre-order day (decision 167). */
  closed: (day: string) =>
    `Pre-orders for this item closed on ${calendarDateText(day)}. It can be ordered again once it is released.`,
  /** The product page's note on paying for a pre-order. */
  paymentNote: 'Pay by card now or cash on delivery; it ships when it is released.',
  /** The dashboard's order badge while a line waits for its release. */
  waiting: 'Waiting for release',
  /** The dashboard's products table: units of a pre-order bought so far. */
  preordered: (units: number) => `${units} pre-ordered`,
  releasesEmpty: 'No releases are coming up yet. Check back soon.',
} as const;

/** The product form's messages about pre-order dates. */
export const PREORDER_RULES = {
  releaseDateInvalid: 'Release date must be a real date, as dd-mm-yyyy, or empty',
  releaseDatePast: 'Release date must be after today',
  releaseDateTooFar: `Release date must be within ${RELEASE_YEARS_AHEAD} years`,
  preorderUntilInvalid: 'Last pre-order date must be a real date, as dd-mm-yyyy, or empty',
  preorderUntilWithoutRelease: 'Last pre-order date needs a release date',
  preorderUntilAfterRelease: 'Last pre-order date must be before the release date',
  availabilityInvalid: 'availability must be all, preorder or in-stock',
  releaseFilterInvalid: 'The release filter must be all or waiting',
} as const;

/**
 * The pre-order dates as typed (yyyy-mm-dd, '' for none): the message of the first rule they
 * break, by field, or nothing. `today` (the shop's) checks a release date that is new: one left
 * as it was is not refused for a day that has meanwhile come closer.
 */
export function checkPreorderDates(
  releaseDate: string,
  preorderUntil: string,
  today?: string,
): { releaseDate?: string; preorderUntil?: string } {
  const release = releaseDate.trim();
  const until = preorderUntil.trim();
  if (release !== '' && !isCalendarDate(release))
    return { releaseDate: PREORDER_RULES.releaseDateInvalid };
  if (release !== '' && today !== undefined) {
    if (release <= today) return { releaseDate: PREORDER_RULES.releaseDatePast };
    if (release > yearsAfter(today, RELEASE_YEARS_AHEAD))
      return { releaseDate: PREORDER_RULES.releaseDateTooFar };
  }
  if (until === '') return {};
  if (!isCalendarDate(until)) return { preorderUntil: PREORDER_RULES.preorderUntilInvalid };
  if (release === '') return { preorderUntil: PREORDER_RULES.preorderUntilWithoutRelease };
  if (until >= release) return { preorderUntil: PREORDER_RULES.preorderUntilAfterRelease };
  return {};
}

/**
 * Cancelling a pre-order line from the purchase history (decision 169): the button, its
 * question, the answers and the refusals.
 */
export const PREORDER_CANCEL = {
  button: 'Cancel pre-order',
  buttonLabel: (name: string) => `Cancel pre-order: ${name}`,
  confirmTitle: 'Cancel this pre-order?',
  /** What the question says will happen: the line, and the refund or the new total. */
  confirmLine: (quantity: number, name: string) =>
    `${quantity} × ${name} will be cancelled and will not be sent.`,
  confirmRefund: (amount: string) => `${amount} will be refunded to your card.`,
  confirmTotal: (total: string) => `Your order's total becomes ${total}.`,
  keep: 'Keep it',
  confirm: 'Cancel pre-order',
  cancelledLabel: 'Cancelled',
  /** The answers, by what became of the money. */
  cancelledRefunded: (amount: string) =>
    `Pre-order cancelled. ${amount} was refunded to your card.`,
  cancelledRefundOwed: (amount: string) =>
    `Pre-order cancelled. The refund of ${amount} to your card is on its way.`,
  cancelledTotal: (total: string) => `Pre-order cancelled. Your order's total is now ${total}.`,
  /** An order's refunds, as the history and the dashboard show them. */
  refund: {
    owed: (amount: string) => `Refund of ${amount} to your card on its way`,
    refunded: (amount: string) => `Refunded to your card: ${amount}`,
    failed: (amount: string) => `Refund of ${amount} could not be made yet; we will be in touch`,
  },
  lineNotFound: 'Order line not found',
  alreadyCancelled: 'This pre-order line was already cancelled.',
  notPreorder: 'Only a pre-order line can be cancelled.',
  released: 'This item has been released, so its pre-order can no longer be cancelled.',
  paidInCash:
    'This order was paid in cash, so its pre-order cannot be cancelled here. Please contact us.',
  failed: 'The pre-order could not be cancelled. Please try again.',
} as const;
