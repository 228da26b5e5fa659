/**
 * Zod's built-in messages as lower-case fragments ("must be a number", "is required").
 * Whoever shows a validation error puts the field name in front of a fragment; a message
 * written for the product (from messages.ts) starts with a capital and is shown as it is.
 */
import type { z } from 'zod';

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

type RawIssue = z.core.$ZodRawIssue;

/** Zod's message for an issue, as a fragment; none for an issue it has no fragment for. */
export function fragment(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required';
      const expected = String(issue.expected);
      return expected === 'int' ? 'must be a whole number' : `must be ${article(expected)}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string')
        return issue.minimum === 1 ? 'is required' : `must be at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `must have at least ${min} item${issue.minimum === 1 ? '' : 's'}`;
      return issue.inclusive ? `must be at least ${min}` : `must be greater than ${min}`;
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `must have at most ${max} items`;
      return issue.inclusive ? `must be at most ${max}` : `must be less than ${max}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'must be a valid email address';
      // A pattern is an implementation detail; "must be a valid regex" would misread as one.
      if (issue.format === 'regex') return 'is not in the expected format';
      return `must be a valid ${String(issue.format)}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map((v: unknown) => String(v)).join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `has unknown fields: ${issue.keys.join(', ')}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return 'is not valid';
    default:
      return undefined;
  }
}

/** The message a person reads for one validation issue. */
export function describeIssue(path: ReadonlyArray<PropertyKey>, message: string): string {
  if (!/^[a-z]/.test(message)) return message;
  const field = path.length > 0 ? path.map(String).join('.') : 'input';
  return `${field} ${message}`;
}
