import { rm, writeFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { templateNames, withDatabase } from './template';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Migrates one template database per engine, once per run; test files clone it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const names = templateNames(process.pid);
  project.provide('templates', names);
  if (project.name === 'postgres') {
    await admin(async (client) => {
      await client.query(`drop database if exists ${names.postgresDb} with (force)`);
      await client.query(`create database ${names.postgresDb}`);
    });
    const template = await openDatabase({
      databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, names.postgresDb),
      poolSize: 1,
    });
    await template.close();
    return () =>
      admin(async (client) => {
        await client.query(`drop database if exists ${names.postgresDb} with (force)`);
      });
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  // drizzle keeps the client; reach it through the session to dump the data directory.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  await writeFile(names.pgliteFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return () => rm(names.pgliteFile, { force: true });
}
