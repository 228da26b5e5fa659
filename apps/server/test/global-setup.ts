import { writeFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { PG_TEMPLATE_DB, PGLITE_TEMPLATE_FILE, withDatabase } from './template';

/** Migrates one template database per engine, once per run; test files clone it. */
export default async function setup(project: TestProject): Promise<void> {
  if (project.name === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
      await admin.query(`create database ${PG_TEMPLATE_DB}`);
    } finally {
      await admin.end();
    }
    const template = await openDatabase({
      databaseUrl: withDatabase(adminUrl, PG_TEMPLATE_DB),
      poolSize: 1,
    });
    await template.close();
    return;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  // drizzle keeps the client; reach it through the session to dump the data directory.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  await writeFile(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
