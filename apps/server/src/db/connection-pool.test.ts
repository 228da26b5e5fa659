import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, engine, type TestDatabase } from '../../test/helpers';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { ConnectionPool, DATABASE_TIME_LIMITS, timeLimitOptions } from './connection-pool';

// Connections that can be lost are PostgreSQL's; PGlite runs inside the process.
describe.skipIf(engine !== 'postgres')('ConnectionPool', () => {
  let testDb: TestDatabase;
  let admin: pg.Client;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await testDb?.drop();
  });

  /** Ends a server session as pg_terminate_backend does in a restart or by hand. */
  const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid]);

  const backendOf = async (client: pg.ClientBase) =>
    (await client.query<{ pid: number }>('select pg_backend_pid() pid')).rows[0]!.pid;

  it('takes back a checked-out connection that is lost, even one its user never releases', async () => {
    const pool = new ConnectionPool({ connectionString: testDb.url, max: 1 });
    try {
      const client = await pool.connect();
      await terminate(await backendOf(client));
      // Without a listener on the checked-out connection, its 'error' ends the process; without
      // taking it back, the pool's one place stays taken and the query below waits forever.
      await vi.waitFor(() => expect(pool.totalCount).toBe(0));
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      // The user's own release, late, changes nothing.
      client.release();
      expect((await pool.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
    } finally {
      await pool.end();
    }
  });

  it('fails a transaction whose connection is lost as the database being unavailable', async () => {
    const pool = new ConnectionPool({ connectionString: testDb.url, max: 2 });
    const db = drizzle(pool);
    try {
      const failed = await db
        .transaction(async (tx) => {
          const [row] = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() pid`)).rows;
          await terminate(row!.pid);
          await vi.waitFor(() => expect(pool.totalCount).toBe(0));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failed).toBeDefined();
      expect(isDatabaseUnavailable(failed)).toBe(true);
      expect((await db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('fails a connection that cannot be opened as the database being unavailable', async () => {
    const url = new URL(testDb.url!);
    url.pathname = '/otaku_no_such_database';
    const pool = new ConnectionPool({ connectionString: url.toString(), max: 1 });
    try {
      const failed = await pool.query('select 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failed)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  /** A pool with the app's limits, shortened so that the tests do not wait. */
  const limitedPool = (max: number) =>
    new ConnectionPool({
      connectionString: testDb.url,
      max,
      ...timeLimitOptions({
        ...DATABASE_TIME_LIMITS,
        connectMs: 300,
        statementMs: 300,
        idleInTransactionMs: 300,
      }),
    });

  it('cancels a statement that runs past the limit as the database being unavailable, and goes on', async () => {
    const pool = limitedPool(1);
    try {
      // Without statement_timeout the sleep runs to its end and the query succeeds.
      const failed = await pool.query('select pg_sleep(10)').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(failed)).toBe(true);
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('has the server end a transaction left idle, and takes its connection back', async () => {
    const pool = limitedPool(1);
    try {
      const client = await pool.connect();
      const pid = await backendOf(client);
      await client.query('begin');
      await client.query('select 1');
      // Never committed nor released: the server ends the session, so its locks go and the
      // pool's one place is free again.
      await vi.waitFor(
        async () => {
          const { rows } = await admin.query('select 1 from pg_stat_activity where pid = $1', [
            pid,
          ]);
          expect(rows).toEqual([]);
        },
        { timeout: 10_000 },
      );
      await vi.waitFor(() => expect(pool.totalCount).toBe(0));
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('fails a call that waits too long for a free connection as the database being unavailable', async () => {
    const pool = limitedPool(1);
    try {
      const held = await pool.connect();
      const failed = await pool.query('select 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failed)).toBe(true);
      held.release();
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
