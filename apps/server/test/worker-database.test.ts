/**
 * A worker's kept database (helpers.ts) comes back to each file in the template's state: every
 * table's rows and every sequence as a fresh clone of the template has them, whatever the file
 * before it wrote, deleted or drew from a sequence.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createCatalogProduct } from './catalog-factories';
import { createTestDatabase } from './helpers';
import { createUser } from './users';

/** Every app table's rows and every sequence's position, as text to compare. */
async function stateOf(database: Database): Promise<Record<string, string>> {
  const { rows: relations } = (await database.db.execute(
    sql`select format('%I.%I', n.nspname, c.relname) as name, c.relkind::text as kind
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'S') and n.nspname not in ('pg_catalog', 'information_schema')
           and n.nspname not like 'pg\_%' order by 1`,
  )) as unknown as { rows: Array<{ name: string; kind: string }> };
  const state: Record<string, string> = {};
  for (const { name, kind } of relations) {
    const { rows } = (await database.db.execute(
      kind === 'S'
        ? sql.raw(`select last_value::text || ' ' || is_called::text as v from ${name}`)
        : sql.raw(
            `select count(*)::text || ' ' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as v from ${name} t`,
          ),
    )) as unknown as { rows: Array<{ v: string }> };
    state[name] = rows[0]!.v;
  }
  return state;
}

describe("the worker's database", () => {
  // A second clone of the template, loaded while the first is held, takes a while on PGlite.
  it(
    'is given back in the state of a fresh clone of the template',
    { timeout: 120_000 },
    async () => {
      const first = await createTestDatabase();
      // A fresh clone of the template: the state to come back to.
      const fresh = await createTestDatabase({ fresh: true });
      try {
        const template = await stateOf(fresh.database);
        // What a file may leave behind: new rows, rows of the template deleted, sequences drawn.
        await createUser(first.database, { role: 'admin' });
        await createCatalogProduct(first.database.db);
        const changed = Object.entries(template).filter(([, v]) => !v.startsWith('0 '));
        for (const [name] of changed.filter(([n]) => !n.startsWith('drizzle.')))
          await first.database.db.execute(sql.raw(`delete from ${name}`)).catch(() => {});
        const { rows: sequences } = (await first.database.db.execute(
          sql`select format('%I.%I', schemaname, sequencename) as name from pg_sequences
             where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`,
        )) as unknown as { rows: Array<{ name: string }> };
        for (const { name } of sequences)
          await first.database.db.execute(sql`select nextval(${name}::regclass)`);
        expect(await stateOf(first.database)).not.toEqual(template);
        await first.drop();

        const next = await createTestDatabase();
        try {
          expect(await stateOf(next.database)).toEqual(template);
        } finally {
          await next.drop();
        }
      } finally {
        await fresh.drop();
      }
    },
  );
});
