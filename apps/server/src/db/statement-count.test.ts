import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { registerPeriodicJob } from '../lib/periodic';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('the statements a database counts', () => {
  it("counts the caller's statements and not a background job's run meanwhile", async () => {
    const app = Fastify({ logger: false });
    let ran: () => void = () => {};
    const jobRan = new Promise<void>((resolve) => (ran = resolve));
    const job = registerPeriodicJob(app, 'probe job', 3_600_000, async () => {
      await t.database.db.execute(sql`select 1`);
      await t.database.db.execute(sql`select 2`);
      ran();
    });
    await app.ready();
    try {
      const before = t.database.statements();
      job.runSoon();
      await t.database.db.execute(sql`select 3`);
      await jobRan;
      expect(t.database.statements() - before).toBe(1);
    } finally {
      await app.close();
    }
  });
});
