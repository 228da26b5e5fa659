import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue } from './index';

const first = (schema: z.ZodType, value: unknown) => {
  const issue = schema.safeParse(value).error!.issues[0]!;
  return describeIssue(issue.path, issue.message);
};

describe('validation messages', () => {
  const schema = z.object({
    price: z.number().min(0),
    page: z.number().int(),
    email: z.email(),
    sortBy: z.enum(['popular', 'price-low']),
    address: z.string().trim().min(1, 'Please enter a delivery address'),
  });
  const valid = { price: 1, page: 1, email: 'a@b.co', sortBy: 'popular', address: 'x' };

  it('names the field in built-in messages', () => {
    expect(first(schema, { ...valid, price: -1 })).toBe('price must be at least 0');
    expect(first(schema, { ...valid, page: 1.5 })).toBe('page must be a whole number');
    expect(first(schema, { ...valid, email: 'nope' })).toBe('email must be a valid email address');
    expect(first(schema, { ...valid, sortBy: 'x' })).toBe(
      'sortBy must be one of: popular, price-low',
    );
    expect(first(schema, { ...valid, price: 'cheap' })).toBe('price must be a number');
    expect(first(schema, { ...valid, page: undefined })).toBe('page is required');
  });

  it('does not name the pattern behind a format check', () => {
    expect(first(z.object({ id: z.string().regex(/^cs_/) }), { id: 'x' })).toBe(
      'id is not in the expected format',
    );
  });

  it('keeps product messages word for word', () => {
    expect(first(schema, { ...valid, address: '  ' })).toBe('Please enter a delivery address');
  });
});
