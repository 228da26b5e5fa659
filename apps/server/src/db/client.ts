/**
 * One Drizzle database over either engine: PGlite under DATA_DIR by default, PostgreSQL when
 * DATABASE_URL is set. The schema and every query are the same for both.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import { DEFAULT_POOL_SIZE } from '../config';
import { isBackgroundWork } from './statement-count';
import * as schema from './schema/index';
import { tellChangesTo } from './changed';
import {
  APP_CONNECTION_OPTIONS,
  APP_CONNECTION_SETTING,
  pgliteChangeFeeds,
  postgresChangeFeeds,
  type ChangeFeeds,
} from './change-feed';
import {
  ConnectionPool,
  DATABASE_TIME_LIMITS,
  timeLimitOptions,
  type DatabaseTimeLimits,
} from './connection-pool';
import { lockDataDir } from './data-dir-lock';
import { runMigrations } from './migrate';
import { upgradeDataDir, type DataDirUpgrade } from './pglite-upgrade';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

/** The PostgreSQL databases this process opened; their transactions are other objects. */
const postgresDatabases = new WeakSet<Executor>();

/**
 * Whether `ex` is a PostgreSQL database itself, where a statement runs as a transaction of its
 * own whose commit may skip waiting for the disk (decision 101). False for a transaction, and
 * for PGlite, whose WAL would then stay in this process until a later commit.
 */
export const isPostgresDatabase = (ex: Executor): boolean => postgresDatabases.has(ex);
/** Whether `ex` (the database or a transaction) runs on the embedded database. */
export const isEmbedded = (ex: Executor): boolean => ex._.session instanceof PgliteSession;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Number of SQL statements issued so far (read by the benchmark's query counter). */
  statements: () => number;
  /** Tells when the catalog or the users may have changed (change-feed.ts, changed.ts). */
  changes: ChangeFeeds;
  ping: () => Promise<number>;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob | File;
  /** An open PGlite to use instead of starting one; `close()` leaves it open (tests reuse one). */
  pglite?: PGlite;
  poolSize?: number;
  migrate?: boolean;
  /** PostgreSQL: how often the change feeds' connection must show it is alive (tests shorten it). */
  heartbeatMs?: number;
  /** PostgreSQL: the connections' time limits (tests shorten them; the bench's bulk load lifts one). */
  timeLimits?: DatabaseTimeLimits;
  /** Where to tell what opening did beyond the usual: an older embedded database converted. */
  log?: (message: string) => void;
}

export const pgliteExtensions = { pg_trgm };

/**
 * How close a word must be for pg_trgm's `<%` operator to call it a match (default 0.6).
 * Product search (modules/catalog/search-sql.ts) needs 0.45 so that "narto" finds "naruto";
 * every connection of either engine is opened with it.
 */
export const TRIGRAM_WORD_SIMILARITY_THRESHOLD = 0.45;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let count = 0;
  const logger = {
    logQuery: () => {
      if (!isBackgroundWork()) count++;
    },
  };
  const { upgraded, ...database } = options.databaseUrl
    ? { ...(await openPostgres(options, options.databaseUrl, logger)), upgraded: undefined }
    : await openPglite(options, logger);
  const result: Database = { ...database, statements: () => count };
  if (options.migrate !== false)
    await runMigrations(result, options.databaseUrl, options.timeLimits ?? DATABASE_TIME_LIMITS);
  if (upgraded)
    (options.log ?? console.log)(
      `The converted embedded database opened${options.migrate !== false ? ' and migrated' : ''}. ` +
        `Once the shop works as it should, the old copy${upgraded.backup ? ` in ${upgraded.backup}` : ''} ` +
        'may be deleted; until then the previous release can still be run on it (renamed back).',
    );
  return result;
}

type Logger = { logQuery: () => void };

async function openPostgres(options: DatabaseOptions, url: string, logger: Logger) {
  const limits = options.timeLimits ?? DATABASE_TIME_LIMITS;
  const feed = postgresChangeFeeds(url, { heartbeatMs: options.heartbeatMs, limits });
  const pool = new ConnectionPool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    idleTimeoutMillis: 30_000,
    ...timeLimitOptions(
      limits,
      `-c pg_trgm.word_similarity_threshold=${TRIGRAM_WORD_SIMILARITY_THRESHOLD} ${APP_CONNECTION_OPTIONS}`,
    ),
  });
  await feed.start(pool);
  const db = drizzleNodePg(pool, { schema, logger, casing: 'snake_case' }) as unknown as Db;
  postgresDatabases.add(db);
  tellChangesTo(db, feed.changes.sink);
  return {
    db,
    engine: 'postgres' as const,
    changes: feed.changes,
    ping: () => timed(db),
    close: async () => {
      await feed.changes.close();
      await pool.end();
    },
  };
}

async function openPglite(options: DatabaseOptions, logger: Logger) {
  const dataDir = options.dataDir ?? 'memory://';
  // Taken before PGlite touches the directory: a second opener must not even start it up.
  const lock =
    options.pglite || dataDir.startsWith('memory://') ? undefined : await lockDataDir(dataDir);
  // Under the lock: an embedded database an older PGlite wrote is converted first (decision 160).
  let upgraded: DataDirUpgrade | undefined;
  if (lock && !options.loadDataDir)
    upgraded = await upgradeDataDir(dataDir, {
      log: options.log ?? console.log,
      extensions: pgliteExtensions,
    }).catch(async (error: unknown) => {
      await lock.release();
      throw error;
    });
  const client =
    options.pglite ??
    (await PGlite.create(dataDir, {
      extensions: pgliteExtensions,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    }).catch(async (error: unknown) => {
      await lock?.release();
      throw error;
    }));
  // One session for the life of the client, so a session setting holds for every query.
  // The app tells its own changes (db/changed.ts): the tables' triggers stay quiet for it.
  await client.exec(
    `set pg_trgm.word_similarity_threshold = ${TRIGRAM_WORD_SIMILARITY_THRESHOLD};
    set ${APP_CONNECTION_SETTING.name} = ${APP_CONNECTION_SETTING.value}`,
  );
  const db = drizzlePglite(client, { schema, logger, casing: 'snake_case' }) as unknown as Db;
  const changes = await pgliteChangeFeeds(client);
  tellChangesTo(db, changes.sink);
  return {
    db,
    engine: 'pglite' as const,
    changes,
    upgraded,
    ping: () => timed(db),
    close: async () => {
      await changes.close();
      if (options.pglite) return;
      await client.close();
      await lock?.release();
    },
  };
}

async function timed(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
