/**
 * Rules for text and numbers typed by people, shared by every schema and form (decision 116):
 * a missing value reads the spec's "required" text, a present but wrong one says what is
 * wrong; shown text carries no control characters; numbers are plain decimals.
 */
import { z } from './zod';

const isMissing = (input: unknown) => input === undefined || input === null;

/**
 * A string whose absence reads `missing` (the spec's "... is required" texts). A value of
 * another type reads `wrongType` when given, else the built-in "must be a string"; the checks
 * chained on it keep their own messages instead of falling back to `missing`.
 */
export const requiredString = (missing: string, wrongType?: string) =>
  z.string({
    error: (issue) =>
      isMissing(issue.input) ? missing : issue.code === 'invalid_type' ? wrongType : undefined,
  });

/**
 * Control characters (C0, DEL, C1) and the bidirectional embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069) that reorder how text is shown.
 */
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
const LINE_BREAKS = new Set(['\n', '\r', '\t']);

/** Whether the text holds a control character; `multiLine` allows line breaks and tabs. */
export function hasControlCharacters(text: string, multiLine = false): boolean {
  const found = text.match(CONTROL) ?? [];
  return found.some((c) => !(multiLine && LINE_BREAKS.has(c)));
}

/**
 * The text without the characters `hasControlCharacters` finds: a line break or tab becomes a
 * space, anything else is removed. For text that arrives from elsewhere (a sign-in provider),
 * where refusing it would leave nobody to correct it.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL, (c) => (/\s/.test(c) ? ' ' : ''));
}

/**
 * The length of a text as the form it was typed into counts it: a line break is one
 * character, though a form sends it as CRLF.
 */
export function typedLength(text: string): number {
  return text.replace(/\r\n/g, '\n').length;
}

/** A decimal number as people write it: digits with an optional sign and decimal point. */
const PLAIN_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The number a plain decimal text holds, or undefined for anything else: "0x10", "0b11",
 * "1e1", "Infinity" and "" are not numbers a person types into a price or a count.
 */
export function parsePlainDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  return PLAIN_DECIMAL.test(trimmed) ? Number(trimmed) : undefined;
}

/** Digits after the decimal point, ignoring trailing zeros ("1.50" has 1). */
export function decimalPlaces(text: string): number {
  const fraction = text.trim().split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}
