import { SERVER } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { DATABASE_TIME_LIMITS } from '../src/db/connection-pool';
import { createCatalogProduct } from './catalog-factories';
import { createTestDatabase, engine, testConfig, type TestDatabase } from './helpers';

// Statement limits are the PostgreSQL server's; PGlite runs inside the process.
describe.skipIf(engine !== 'postgres')('a statement past the database time limit', () => {
  let testDb: TestDatabase;
  let database: Database;
  let app: FastifyInstance;
  let locker: pg.Client;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase({
      databaseUrl: testDb.url,
      migrate: false,
      poolSize: 2,
      timeLimits: { ...DATABASE_TIME_LIMITS, statementMs: 500 },
    });
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
    locker = new pg.Client({ connectionString: testDb.url });
    await locker.connect();
  });

  afterAll(async () => {
    await locker?.end();
    await app?.close();
    await database?.close();
    await testDb?.drop();
  });

  it('answers 503 and the app serves the next call', async () => {
    const { id } = await createCatalogProduct(testDb.database.db, { stock: { '': 5 } });
    // A session that holds the products table (a forgotten psql, a stuck job): without a
    // statement limit the call below waits as long as it does, with a connection taken.
    await locker.query('begin');
    await locker.query('lock table products in access exclusive mode');
    try {
      const stuck = await app.inject({ method: 'GET', url: `/api/product/${id}` });
      expect(stuck.statusCode).toBe(503);
      expect(stuck.headers['retry-after']).toBe('5');
      expect(stuck.json()).toEqual({
        success: false,
        message: SERVER.databaseUnavailable,
        code: 'UNAVAILABLE',
      });
    } finally {
      await locker.query('rollback');
    }
    const after = await app.inject({ method: 'GET', url: `/api/product/${id}` });
    expect(after.statusCode).toBe(200);
  });
});
