import { describe, expect, it } from 'vitest';
import { summariseDrop } from './drop';

const setup = { productId: 'TOY-DROP00', stock: 3, limit: 1, shoppers: 5 };
const answers = (statuses: Array<number | 'failed'>) =>
  statuses.map((status, i) => ({ ms: (i + 1) * 10, status }));

describe('summariseDrop', () => {
  it('reads a drop that went right: the stock held, one each, the rest refused', () => {
    expect(summariseDrop(setup, answers([200, 200, 409, 200, 409]), [1, 1, 1], 0)).toEqual({
      ...setup,
      p50: 30,
      p99: 50,
      max: 50,
      errors: 0,
      statuses: { 200: 3, 409: 2 },
      held: 3,
      oversold: 0,
      unsold: 0,
      aboveLimit: 0,
    });
  });

  it('counts failures and other answers as errors, units past the stock, left unsold and above the limit', () => {
    const result = summariseDrop(setup, answers([200, 500, 409, 'failed', 200]), [2, 2], 1);
    expect(result).toMatchObject({
      errors: 2,
      statuses: { 200: 2, 409: 1, 500: 1, failed: 1 },
      held: 4,
      oversold: 1,
      unsold: 1,
      aboveLimit: 2,
    });
  });

  it('does not call stock unsold when nobody was refused', () => {
    expect(summariseDrop(setup, answers([200]), [1], 2).unsold).toBe(0);
  });
});
