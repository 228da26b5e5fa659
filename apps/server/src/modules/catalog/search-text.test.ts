/**
 * What product search matches (decision 187): a product's words in lower case, each after a
 * space, as buildSearchText writes them, as the database keeps a name's words in search_name,
 * and as migration 0036 rewrote the search text every product had before it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/prepared';
import { migrationsDir } from '../../paths';
import { DEMO_CATALOG } from '../../seed/catalog';
import { useTestApp } from '../../../test/helpers';
import { createCatalogProduct } from '../../../test/catalog-factories';
import { buildSearchText, searchTextSources, type SearchableProduct } from './search-text';
import { wordsOf } from './spelling';

const t = useTestApp();

const tee: SearchableProduct = {
  name: 'Chainsaw-Man  Tee',
  description: 'Pochita’s grin, 100% cotton.',
  category: 'clothes',
  merchType: 't-shirt',
};

describe('a product’s search text', () => {
  it('holds the words of its name, description, genres and types, each after a space', () => {
    expect(buildSearchText(tee)).toBe(
      ' chainsaw man tee pochita s grin 100 cotton t shirts t shirt clothes',
    );
    expect(buildSearchText({ ...tee, name: 'ナルト・疾風伝', description: 'Pokémon' })).toMatch(
      /^ ナルト 疾風伝 pokémon /,
    );
  });

  it('is what migration 0036 made of the text each demo product had before it', async () => {
    const migration = readFileSync(
      path.join(migrationsDir, '0036_search-words-at-word-starts.sql'),
      'utf8',
    );
    const rewrite = /SET "search_text" = (.+);/.exec(migration)![1]!;
    const products = [...DEMO_CATALOG, tee];
    // As buildSearchText wrote it before: lower case, one space between words, punctuation kept.
    const before = products.map((p) =>
      searchTextSources(p).join(' ').toLowerCase().replace(/\s+/g, ' ').trim(),
    );
    const result = await t.database.db.execute(
      sql`select ${sql.raw(rewrite.replaceAll('"search_text"', 'old'))} as now
        from jsonb_array_elements_text(${JSON.stringify(before)}::jsonb) with ordinality as b(old, n)
        order by n`,
    );
    expect(rowsOf<{ now: string }>(result).map((r) => r.now)).toEqual(
      products.map(buildSearchText),
    );
  });

  it('keeps the words of the name in search_name, as the search text holds them', async () => {
    const names = ['Chainsaw-Man  Tee', '  Naruto Vol. 1 ', 'ナルト・疾風伝', 'Pokémon: Pikachu!'];
    for (const name of names) {
      const { id } = await createCatalogProduct(t.database.db, { name });
      const result = await t.database.db.execute(
        sql`select search_name as "searchName", search_text as "searchText"
          from products where id = ${id}`,
      );
      const [row] = rowsOf<{ searchName: string; searchText: string }>(result);
      const words = wordsOf(name)
        .map((w) => ` ${w}`)
        .join('');
      expect(row!.searchName).toBe(words);
      expect(row!.searchText.startsWith(words)).toBe(true);
    }
  });
});

describe('the search text’s trigram index', () => {
  it('keeps no pending list, which every order would grow and every search read', async () => {
    const result = await t.database.db.execute(
      sql`select c.reloptions from pg_class c where c.relname = 'products_search_trgm_idx'`,
    );
    expect(rowsOf<{ reloptions: string[] | null }>(result)[0]?.reloptions).toEqual([
      'fastupdate=off',
    ]);
  });
});
