/**
 * Test helpers: a fresh database per test file (cloned from the migrated template), a test
 * configuration, and an app built on them. Use `useTestApp()` at the top of a test file.
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { LISTENER_APPLICATION_NAME } from '../src/db/change-feed';
import { openDatabase, type Database } from '../src/db/client';
import { withDatabase } from './template';

export const engine = (process.env.TEST_DB_ENGINE ?? 'pglite') as 'pglite' | 'postgres';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'otaku-test-')),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'otaku-no-web-dist'),
    ...env,
  });
}

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop: () => Promise<void>;
}

/** A fresh, migrated database of the engine under test. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (engine === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `otaku_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('templates').postgresDb}`);
    await admin.end();
    const url = withDatabase(adminUrl, name);
    const database = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 5 });
    return {
      database,
      url,
      drop: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dump = new Blob([await readFile(inject('templates').pgliteFile)]);
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: dump, migrate: false });
  return { database, url: undefined, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/** Builds an app on a fresh database for the whole test file; closes both afterwards. */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  const ctx = {} as TestApp;
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    ctx.database = testDb.database;
    ctx.config = testConfig(env);
    ctx.app = await buildApp({ config: ctx.config, database: ctx.database });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await testDb?.drop();
  });
  return ctx;
}

/**
 * PostgreSQL: ends the connection the change feeds listen on (db/change-feed.ts) and waits
 * until the feeds say they cannot be trusted; the feeds reconnect by themselves about 1 s later.
 */
export async function loseChangeFeedListener(database: Database): Promise<void> {
  await database.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
  );
  await vi.waitUntil(() => database.changes.catalog.version() === null, { timeout: 2_000 });
}
