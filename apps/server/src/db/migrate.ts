import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrationsDir } from '../paths';
import type { Database } from './client';
import { timeLimitOptions, type DatabaseTimeLimits } from './connection-pool';

/**
 * Applies the committed migrations. On PostgreSQL an advisory lock on a dedicated connection
 * lets several app instances start at once without racing each other. That connection opens
 * within the app's limit and has TCP keepalive, but no statement limit: a migration may build
 * an index on a large table, and the lock waits for another instance's migrations.
 */
export async function runMigrations(
  database: Database,
  databaseUrl: string | undefined,
  limits: DatabaseTimeLimits,
): Promise<void> {
  const migrationsFolder = migrationsDir;
  if (database.engine === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
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
  } finally {
    await client
      .query(`select pg_advisory_unlock(hashtext('otaku-shelf:migrations'))`)
      .catch(() => {});
    await client.end();
  }
}
