/** The answer to a refused field: 400 and the error shape naming the field (DESIGN.md §3). */
import { expect } from 'vitest';

export function expectFieldRefused(
  res: { statusCode: number; json: () => unknown },
  field: string,
  message: string,
): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ success: false, message, code: 'VALIDATION', field });
}
