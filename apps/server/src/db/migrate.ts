import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsDir } from '../paths';
import type { Database } from './client';
import { timeLimitOptions, type DatabaseTimeLimits } from './connection-pool';
import { applyFunctions, type SqlSession } from './functions';

/**
 * Applies the committed migrations, then the SQL functions' current definitions (db/functions,
 * decision 143). On PostgreSQL an advisory lock on a dedicated connection lets several app
 * instances start at once without racing each other; it is held for both steps. That connection
 * opens within the app's limit and has TCP keepalive, but no statement limit: a migration may
 * build an index on a large table, and the lock waits for another instance's migrations.
 */
export async function runMigrations(
  database: Database,
  databaseUrl: string | undefined,
  limits: DatabaseTimeLimits,
): Promise<void> {
  const migrationsFolder = migrationsDir;
  if (database.engine === 'pglite') {
    const db = database.db as unknown as PgliteDatabase & { $client: PGlite };
    await migratePglite(db, { migrationsFolder });
    await applyFunctions(pgliteSession(db.$client));
    return;
  }
  const client = new pg.Client({
    connectionString: databaseUrl,
    ...timeLimitOptions({ ...limits, statementMs: 0, idleInTransactionMs: 0 }),
  });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('otaku-shelf:migrations'))`);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
    await applyFunctions(postgresSession(client));
  } finally {
    await client
      .query(`select pg_advisory_unlock(hashtext('otaku-shelf:migrations'))`)
      .catch(() => {});
    await client.end();
  }
}

/** A node-postgres client as a SqlSession: text without values goes as one simple query. */
export const postgresSession = (client: pg.ClientBase): SqlSession => ({
  exec: async (text) => {
    await client.query(text);
  },
  rows: async <T>(text: string, params: unknown[]) =>
    (await client.query(text, params)).rows as T[],
});

/** PGlite as a SqlSession: it has one connection, which the caller has to itself. */
export const pgliteSession = (client: PGlite): SqlSession => ({
  exec: async (text) => {
    await client.exec(text);
  },
  rows: async <T>(text: string, params: unknown[]) => (await client.query<T>(text, params)).rows,
});
