/**
 * The SQL functions' current definitions live in db/functions (decision 143) and are applied
 * after the migrations on every start: the database then has exactly what the files say, a
 * start that changes nothing writes nothing, and two instances starting at once do not trip
 * over each other.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, type TestDatabase } from '../../test/helpers';
import { DATABASE_TIME_LIMITS } from './connection-pool';
import {
  applyFunctions,
  functionDefinitions,
  functionFiles,
  functionNames,
  type SqlSession,
} from './functions';
import { pgliteSession, postgresSession, runMigrations } from './migrate';

const files = functionFiles();
const names = functionNames(files);

let testDb: TestDatabase;
let session: SqlSession;
let client: pg.Client | undefined;

beforeAll(async () => {
  testDb = await createTestDatabase();
  if (engine === 'postgres') {
    client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    session = postgresSession(client);
  } else {
    session = pgliteSession((testDb.database.db as unknown as { $client: PGlite }).$client);
  }
});
afterAll(async () => {
  await client?.end();
  await testDb.drop();
});

/** The rows of pg_proc a write would replace: their xmin changes with any CREATE OR REPLACE. */
const versions = () =>
  session.rows<{ proname: string; xmin: string }>(
    `select proname, xmin::text from pg_proc where proname = any($1::text[]) order by proname`,
    [names],
  );

describe('the SQL functions of db/functions', () => {
  it('are the cart, rate limit, order placement, search words, stock alert and calendar functions, one definition each', () => {
    expect(names).toEqual([
      'cart_add',
      'cart_add_many',
      'cart_change_line',
      'cart_hold',
      'cart_refusal_terms',
      'cart_release_lapsed',
      'cart_reserve',
      'cart_state',
      'customer_product_units',
      'one_slip_apart',
      'order_add_units_sold',
      'order_insert',
      'rate_limit_count',
      'search_readings',
      'search_word_deletions_of',
      'search_word_matches',
      'search_words_count',
      'search_words_of',
      'search_words_track',
      'shop_today',
      'stock_alerts_wake',
    ]);
  });

  it('are in a migrated database exactly as the files define them', async () => {
    const inDatabase = await functionDefinitions(session, names);
    expect(inDatabase.map((f) => f.signature.replace(/\(.*/, ''))).toEqual(names);
    await session.exec('begin');
    try {
      for (const file of files) await session.exec(file.sql);
      expect(await functionDefinitions(session, names)).toEqual(inDatabase);
    } finally {
      await session.exec('rollback');
    }
  });

  it('write nothing when the database already has them', async () => {
    const before = await versions();
    expect(await applyFunctions(session, files)).toBe(false);
    expect(await versions()).toEqual(before);
  });

  it('put back a definition that differs from its file', async () => {
    const [expected] = await functionDefinitions(session, ['cart_state']);
    await session.exec(`create or replace function cart_state(p_cart_id text)
      returns table (touched_at timestamptz, lines json) language sql stable as $$
        select now(), '[]'::json $$`);
    expect(await functionDefinitions(session, ['cart_state'])).not.toEqual([expected]);

    expect(await applyFunctions(session, files)).toBe(true);
    expect(await functionDefinitions(session, ['cart_state'])).toEqual([expected]);
  });

  it('are applied by every start, by instances starting at once one after the other', async () => {
    const start = () => runMigrations(testDb.database, testDb.url, DATABASE_TIME_LIMITS);
    // PGlite has one process per database (decision 122); PostgreSQL may have several.
    const instances = engine === 'postgres' ? 4 : 1;
    for (let round = 0; round < 3; round++) {
      // Changed, so every start has something to write.
      await session.exec(`create or replace function cart_state(p_cart_id text)
        returns table (touched_at timestamptz, lines json) language sql stable as $$
          select now(), '[]'::json $$`);
      await Promise.all(Array.from({ length: instances }, start));
      const [defined] = await functionDefinitions(session, ['cart_state']);
      expect(defined!.definition).toContain('json_agg');
    }
  });
});
