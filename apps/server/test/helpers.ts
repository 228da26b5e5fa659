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
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { LISTENER_APPLICATION_NAME } from '../src/db/change-feed';
import { openDatabase, pgliteExtensions, type Database } from '../src/db/client';
import { rowsOf } from '../src/db/prepared';
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
  /** Brings it back to the template's state (reset.ts): far cheaper than another clone. */
  reset: () => Promise<void>;
  drop: () => Promise<void>;
}

/**
 * The databases a test worker keeps for its files: each cloned from the template the first time
 * a file needs one more than the worker has free, then reset to the template's state (reset.ts)
 * for each next use, which is far cheaper than another clone (loading PGlite's data directory,
 * or PostgreSQL's `create database`). Most files use one; a file that needs a second one (two
 * shops, an empty database beside a seeded one) finds it kept from the file before. They live
 * on globalThis, as the worker's process does; one test database at a time holds each.
 */
interface WorkerDatabase {
  /** PostgreSQL: the clone's URL. PGlite: the open instance, which only this process can use. */
  url: string | undefined;
  pglite: PGlite | undefined;
  held: boolean;
}

const WORKER_DATABASES = Symbol.for('otaku-shelf.test.worker-databases');
const workerState = globalThis as { [WORKER_DATABASES]?: WorkerDatabase[] };

/**
 * A migrated database of the engine under test, in the template's state: one the worker keeps,
 * reset, when one is free; else a new clone of the template, kept for later files. `fresh`
 * always clones (to compare a reset database with a clone).
 */
export async function createTestDatabase({ fresh = false } = {}): Promise<TestDatabase> {
  const kept = (workerState[WORKER_DATABASES] ??= []);
  const free = fresh ? undefined : kept.find((candidate) => !candidate.held);
  if (free) {
    free.held = true;
    try {
      await resetDatabase(free);
    } catch (error) {
      // Whatever broke it, the next file gets a new clone instead.
      kept.splice(kept.indexOf(free), 1);
      throw error;
    }
    return openWorkerDatabase(free);
  }
  const created = await cloneWorkerDatabase();
  kept.push(created);
  return openWorkerDatabase(created);
}

async function cloneWorkerDatabase(): Promise<WorkerDatabase> {
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

/** Runs the reset SQL on an open PGlite, or on the PostgreSQL database at the URL. */
async function resetDatabase(target: { url: string | undefined; pglite: PGlite | undefined }) {
  const resetSql = inject('resetSql');
  if (target.pglite) {
    await target.pglite.exec(resetSql);
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
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
    reset: () => resetDatabase(worker),
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
 * For a file that counts statements: old rate limit windows are cleared now and then (one
 * counted call in a hundred, `sweepNowAndThen`), in a statement of their own; not in its tests.
 */
export function holdRateLimitSweeps(): void {
  beforeEach(() => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
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

/** The connection string of the database a test app runs on (PostgreSQL only). */
export async function databaseUrlOf(db: Database['db']): Promise<string> {
  const [row] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${row!.name}`;
  return u.toString();
}
