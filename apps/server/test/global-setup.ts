import { rm, writeFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { resetSqlOf } from './reset';
import { templateNames, withDatabase, type TemplateNames } from './template';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates one template database per engine, once per run: each test worker clones it once and
 * resets its clone between files with the SQL written here from it (reset.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const names = templateNames(process.pid);
  project.provide('templates', names);
  // Projects of one engine (vitest.config.ts) share its template: the first one builds it.
  const engine = (project.config.env.TEST_DB_ENGINE ?? 'pglite') as string;
  const built = (templates[engine] ??= { resetSql: build(engine, names) });
  project.provide('resetSql', await built.resetSql);
  return built.teardown ?? (() => Promise.resolve());
}

const templates: Record<string, { resetSql: Promise<string>; teardown?: () => Promise<void> }> = {};

async function build(engine: string, names: TemplateNames): Promise<string> {
  if (engine === 'postgres') {
    await admin(async (client) => {
      await client.query(`drop database if exists ${names.postgresDb} with (force)`);
      await client.query(`create database ${names.postgresDb}`);
    });
    let resetSql: string;
    const templateUrl = withDatabase(process.env.TEST_DATABASE_URL!, names.postgresDb);
    const template = await openDatabase({ databaseUrl: templateUrl, poolSize: 1 });
    await template.close();
    const client = new pg.Client({ connectionString: templateUrl });
    await client.connect();
    try {
      resetSql = await resetSqlOf(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
    templates[engine]!.teardown = () =>
      admin(async (client) => {
        // The workers' own clones (helpers.ts), then the template.
        const { rows } = await client.query<{ name: string }>(
          `select datname as name from pg_database where datname like $1`,
          [`${names.postgresClonePrefix}%`],
        );
        for (const { name } of rows)
          await client.query(`drop database if exists ${name} with (force)`);
        await client.query(`drop database if exists ${names.postgresDb} with (force)`);
      });
    return resetSql;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  // drizzle keeps the client; reach it through the session to dump the data directory.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const resetSql = await resetSqlOf(
    async (text) => (await client.query<Record<string, unknown>>(text)).rows,
  );
  const dump = await client.dumpDataDir('gzip');
  await writeFile(names.pgliteFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  templates[engine]!.teardown = () => rm(names.pgliteFile, { force: true });
  return resetSql;
}
