/**
 * Test helpers: a database per test file in the migrated template's state (the test worker's
 * own, reset between files), a test configuration, and an app built on them. Use `useTestApp()`
 * at the top of a test file.
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, inject, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { LISTENER_APPLICATION_NAME } from '../src/db/change-feed';
import { openDatabase, pgliteExtensions, type Database } from '../src/db/client';
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

/**
 * The database a test worker keeps for its files: cloned from the template by its first file,
 * then reset to the template's state (reset.ts) for each next one, which is far cheaper than
 * another clone (loading PGlite's data directory, or PostgreSQL's `create database`). It lives
 * on globalThis, as the worker's process does; one file at a time holds it.
 */
interface WorkerDatabase {
  /** PostgreSQL: the clone's URL. PGlite: the open instance, which only this process can use. */
  url: string | undefined;
  pglite: PGlite | undefined;
  held: boolean;
}

const WORKER_DATABASE = Symbol.for('otaku-shelf.test.worker-database');
const workerState = globalThis as { [WORKER_DATABASE]?: Promise<WorkerDatabase> };

/**
 * A migrated database of the engine under test, in the template's state: the worker's own,
 * reset, when no other database of this file holds it; else a fresh clone of the template.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const existing = workerState[WORKER_DATABASE];
  const worker = existing ? await existing : undefined;
  if (worker?.held) return cloneTemplate();
  if (worker) {
    worker.held = true;
    try {
      await resetWorkerDatabase(worker);
    } catch (error) {
      worker.held = false;
      throw error;
    }
    return openWorkerDatabase(worker);
  }
  const created = openNewWorkerDatabase();
  workerState[WORKER_DATABASE] = created;
  created.catch(() => delete workerState[WORKER_DATABASE]);
  return openWorkerDatabase(await created);
}

async function openNewWorkerDatabase(): Promise<WorkerDatabase> {
  if (engine === 'postgres') {
    const url = await cloneTemplateDatabase(inject('templates').postgresClonePrefix);
    return { url, pglite: undefined, held: true };
  }
  const pglite = await PGlite.create('memory://', {
    extensions: pgliteExtensions,
    loadDataDir: new Blob([await readFile(inject('templates').pgliteFile)]),
  });
  return { url: undefined, pglite, held: true };
}

async function resetWorkerDatabase(worker: WorkerDatabase): Promise<void> {
  const resetSql = inject('resetSql');
  if (worker.pglite) {
    await worker.pglite.exec(resetSql);
    return;
  }
  const client = new pg.Client({ connectionString: worker.url });
  await client.connect();
  try {
    await client.query(resetSql);
  } finally {
    await client.end();
  }
}

async function openWorkerDatabase(worker: WorkerDatabase): Promise<TestDatabase> {
  const database = await openDatabase(
    worker.pglite
      ? { pglite: worker.pglite, migrate: false }
      : { databaseUrl: worker.url, migrate: false, poolSize: 5 },
  ).catch((error: unknown) => {
    worker.held = false;
    throw error;
  });
  return {
    database,
    url: worker.url,
    drop: async () => {
      try {
        await database.close();
      } finally {
        worker.held = false;
      }
    },
  };
}

/** PostgreSQL: a new database created from the template; gives its URL. */
async function cloneTemplateDatabase(prefix: string): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('templates').postgresDb}`);
  } finally {
    await admin.end();
  }
  return withDatabase(adminUrl, name);
}

/** A fresh clone of the template, dropped by `drop()`: for a second database in one file. */
async function cloneTemplate(): Promise<TestDatabase> {
  if (engine === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const url = await cloneTemplateDatabase(inject('templates').postgresClonePrefix);
    const name = new URL(url).pathname.slice(1);
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

/**
 * Fails each test whose calls got an answer their route does not declare (routes.ts in
 * @otaku/shared, with what lib/api-route.ts adds to every route), so that the OpenAPI document
 * and the web client know every answer a route gives. Call it while the file's tests are
 * collected; `watch` each app before it is ready.
 */
export function declaredStatusesOnly(): { watch: (app: FastifyInstance) => void } {
  const undeclared: string[] = [];
  afterEach(() => {
    expect(undeclared.splice(0), 'answers their routes do not declare').toEqual([]);
  });
  return {
    watch: (app) =>
      app.addHook('onResponse', async (request, reply) => {
        const declared = request.routeOptions.config.statuses;
        if (declared && !declared.includes(reply.statusCode))
          undeclared.push(`${request.method} ${request.routeOptions.url} ${reply.statusCode}`);
      }),
  };
}

/**
 * Builds an app on a database in the template's state for the whole test file; closes both
 * afterwards, which hands the database back to the worker for its next file.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  const ctx = {} as TestApp;
  let testDb: TestDatabase;
  const statuses = declaredStatusesOnly();
  beforeAll(async () => {
    testDb = await createTestDatabase();
    ctx.database = testDb.database;
    ctx.config = testConfig(env);
    ctx.app = await buildApp({ config: ctx.config, database: ctx.database });
    statuses.watch(ctx.app);
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
