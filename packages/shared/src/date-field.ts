/**
 * The dashboard's date field (decision 163): staff read and type dates as dd-mm-yyyy, as every
 * dashboard table writes them (spec §9), whatever the browser's locale; the API keeps taking
 * yyyy-mm-dd. These turn one into the other and leave anything else as typed, so the request's
 * own schema refuses it with its message.
 */

/** The field's placeholder and the hint under it. */
export const DATE_FIELD = {
  placeholder: 'dd-mm-yyyy',
  hint: 'Day, month and year, as dd-mm-yyyy',
} as const;

const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const YEAR_FIRST = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/;

const pad2 = (n: string) => n.padStart(2, '0');

/**
 * What the field sends for the text typed: dd-mm-yyyy (also with / or . between, one-digit day
 * or month) as yyyy-mm-dd; yyyy-mm-dd as it is; anything else trimmed but unchanged.
 */
export function dateFieldValue(text: string): string {
  const typed = text.trim();
  const parts = DAY_FIRST.exec(typed);
  return parts ? `${parts[3]}-${pad2(parts[2]!)}-${pad2(parts[1]!)}` : typed;
}

/** How the field shows a value: yyyy-mm-dd (or a timestamp's day) as dd-mm-yyyy. */
export function dateFieldText(value: string): string {
  const parts = YEAR_FIRST.exec(value.trim());
  return parts ? `${parts[3]}-${parts[2]}-${parts[1]}` : value;
}

/** The dashboard's time field beside a date (a drop's sale start, decision 171): 24-hour. */
export const TIME_FIELD = {
  placeholder: 'hh:mm',
  hint: 'Hours and minutes, 24-hour, as hh:mm',
} as const;

const TIME = /^(\d{1,2})[:.](\d{2})(?::(\d{2}))?$/;

/**
 * What the time field sends for the text typed: h:mm or hh:mm (also with a dot, and :ss) as
 * hh:mm[:ss]; anything else trimmed but unchanged, for the form's rule to refuse.
 */
export function timeFieldValue(text: string): string {
  const typed = text.trim();
  const parts = TIME.exec(typed);
  if (!parts) return typed;
  return `${pad2(parts[1]!)}:${parts[2]}${parts[3] ? `:${parts[3]}` : ''}`;
}
