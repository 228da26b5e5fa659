import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { enforceRateLimit, hitRateLimit, resetRateLimit } from './rate-limit';

const t = useTestApp();
const rule = (name: string) => ({ name, limit: 3, windowSeconds: 60 });

describe('hitRateLimit', () => {
  it('allows `limit` hits per window and counts subjects apart', async () => {
    const r = rule('unit:count');
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(t.database.db, r, 'a'));
    expect(results.map((x) => x.allowed)).toEqual([true, true, true, false]);
    expect(results.map((x) => x.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(50);
    expect((await hitRateLimit(t.database.db, r, 'b')).allowed).toBe(true);
  });

  it('starts a new window once the old one is over', async () => {
    const r = rule('unit:window');
    for (let i = 0; i < 4; i++) await hitRateLimit(t.database.db, r, 'a');
    await t.database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key = 'unit:window:a'`,
    );
    const next = await hitRateLimit(t.database.db, r, 'a');
    expect(next).toMatchObject({ allowed: true, hits: 1 });
  });

  it('counts every one of many simultaneous hits exactly once', async () => {
    const r = { name: 'unit:race', limit: 5, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(t.database.db, r, 'a')),
    );
    expect(results.filter((x) => x.allowed)).toHaveLength(5);
    expect(results.map((x) => x.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});

describe('enforceRateLimit and resetRateLimit', () => {
  it('throws 429 with the wait in words and the seconds, until reset', async () => {
    const r = rule('unit:enforce');
    for (let i = 0; i < 3; i++) {
      await enforceRateLimit(t.database.db, r, 'a', (s) => `wait ${s}`);
    }
    await expect(enforceRateLimit(t.database.db, r, 'a', (s) => `wait ${s}`)).rejects.toMatchObject(
      {
        status: 429,
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^wait \d+$/),
        extra: { retryAfterSeconds: expect.any(Number) },
      },
    );
    await resetRateLimit(t.database.db, r, 'a');
    await expect(enforceRateLimit(t.database.db, r, 'a', () => 'no')).resolves.toBeUndefined();
  });
});
