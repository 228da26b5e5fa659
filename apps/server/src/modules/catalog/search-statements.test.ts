import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { databaseUrlOf, engine, useTestApp } from '../../../test/helpers';
import { createCatalogProduct } from '../../../test/catalog-factories';
import {
  countProducts,
  KEPT_SEARCH_WORDS,
  listProducts,
  suggestProducts,
  type ListFilter,
} from './catalog.repo';
import { searchTerms } from './search-sql';

const t = useTestApp();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = t.database.db;
  const add = async (key: string, values: Parameters<typeof createCatalogProduct>[1]) => {
    ids[key] = (await createCatalogProduct(db, { name: `Zephyrine ${key}`, ...values })).id;
  };
  await add('manga', { category: 'comics', genres: ['mecha'], priceCents: 1000, stock: { V1: 5 } });
  await add('plush', { category: 'toys', toyType: 'plush', priceCents: 3000, stock: { '': 0 } });
  await add('hoodie', {
    category: 'clothes',
    merchType: 'hoodie',
    priceCents: 2000,
    stock: { M: 1 },
  });
  await add('coming', {
    category: 'comics',
    genres: ['mecha'],
    priceCents: 1500,
    description: 'Pilots of a saga to come.',
  });
  await db.execute(
    sql`update products set release_date = current_date + 30 where id = ${ids.coming!}`,
  );
});

/** A search for the word every product above has, cheapest first, and what else `f` sets. */
const filter = (f: Partial<ListFilter> = {}): ListFilter => ({
  category: null,
  types: null,
  maxPriceCents: null,
  search: searchTerms('zephyrine'),
  sortBy: 'price-low',
  limit: 24,
  offset: 0,
  ...f,
});

async function found(f: Partial<ListFilter>) {
  const { rows, total } = await listProducts(t.database.db, filter(f));
  expect(await countProducts(t.database.db, filter(f))).toBe(total);
  expect(total).toBe(rows.length);
  return rows.map((row) => row.id);
}

describe('a search statement, the same text for every search of as many words', () => {
  it('keeps each condition the filter sets, and only those', async () => {
    expect(await found({})).toEqual([ids.manga, ids.coming, ids.hoodie, ids.plush]);
    expect(await found({ category: 'comics', types: ['mecha'] })).toEqual([ids.manga, ids.coming]);
    expect(await found({ category: 'toys', types: ['plush'] })).toEqual([ids.plush]);
    expect(await found({ category: 'clothes', types: ['t-shirt'] })).toEqual([]);
    expect(await found({ category: 'clothes', types: null })).toEqual([ids.hoodie]);
    expect(await found({ maxPriceCents: 1500 })).toEqual([ids.manga, ids.coming]);
    expect(await found({ availability: 'preorder' })).toEqual([ids.coming]);
    expect(await found({ availability: 'in-stock' })).toEqual([ids.manga, ids.hoodie]);
    expect(await found({ availability: 'all' })).toHaveLength(4);
    expect(await found({ lowStockAtMost: 1 })).toEqual([ids.hoodie, ids.plush]);
  });

  it(`runs a search of more than ${KEPT_SEARCH_WORDS} words too, planned for its words`, async () => {
    const search = searchTerms('zephyrine coming saga pilots');
    expect(search.words.length).toBeGreaterThan(KEPT_SEARCH_WORDS);
    expect(await found({ search })).toEqual([ids.coming]);
    expect(await found({ search, maxPriceCents: 1000 })).toEqual([]);
    const suggested = await suggestProducts(t.database.db, search, 8);
    expect(suggested.map((row) => row.id)).toEqual([ids.coming]);
  });

  it('sorts and pages as asked', async () => {
    const page = (offset: number) =>
      listProducts(t.database.db, filter({ sortBy: 'price-high', limit: 3, offset }));
    const first = await page(0);
    expect(first.rows.map((row) => row.id)).toEqual([ids.plush, ids.hoodie, ids.coming]);
    expect(first.total).toBe(4);
    expect((await page(3)).rows.map((row) => row.id)).toEqual([ids.manga]);
  });

  it.skipIf(engine !== 'postgres')(
    'is planned once a connection, then run with each search’s words',
    async () => {
      // One connection, so that its prepared statements are the ones read below.
      const one = await openDatabase({
        databaseUrl: await databaseUrlOf(t.database.db),
        migrate: false,
        poolSize: 1,
      });
      try {
        const words = ['zephyrine', 'zephyrnie', 'manga', 'plush', 'hoodie', 'coming', 'mecha'];
        for (const word of words) {
          await listProducts(one.db, filter({ search: searchTerms(word), sortBy: 'popular' }));
          await suggestProducts(one.db, searchTerms(word), 8);
        }
        // A search of more words is not kept.
        await listProducts(one.db, filter({ search: searchTerms('zephyrine coming saga pilots') }));
        const plans = rowsOf<{ name: string; generic: number; custom: number }>(
          await one.db.execute(sql`select name, generic_plans::int as generic,
            custom_plans::int as custom from pg_prepared_statements
            where name like 'search_list%' or name like 'search_suggest%' order by name`),
        );
        // PostgreSQL plans a prepared statement for its values five times, then keeps its
        // generic plan when that is no dearer; a plan made for the values would be each time.
        expect(plans).toEqual([
          { name: 'search_list_1_popular', generic: 2, custom: 5 },
          { name: 'search_suggest_1', generic: 2, custom: 5 },
        ]);
      } finally {
        await one.close();
      }
    },
  );
});
