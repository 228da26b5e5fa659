/**
 * How the database answers a misspelt search at the run's size: `EXPLAIN (ANALYZE, BUFFERS)`
 * of the two statements a shop page with a query costs when no answer is kept (decision 164):
 * the readings of the query's words, and the page itself. Buffer counts say where the work
 * goes better than times on a loaded machine.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../apps/server/src/db/client';
import { rowsOf, runShaped } from '../../apps/server/src/db/prepared';
import { readingsOf, searchStatement } from '../../apps/server/src/modules/catalog/catalog.repo';
import { searchTerms } from '../../apps/server/src/modules/catalog/search-sql';

export interface SearchExplained {
  query: string;
  /** Each statement's plan as PostgreSQL prints it. */
  plans: string[];
}

/** A plan as PostgreSQL prints it, from EXPLAIN's rows. */
const printed = (rows: Array<Record<string, string>>) =>
  rows.map((row) => Object.values(row)[0]).join('\n');

const planOf = async (db: Executor, statement: SQL) =>
  printed(rowsOf(await db.execute(sql`explain (analyze, buffers) ${statement}`)));

/** The plans of a shop page searching for `query`, every category, sorted as shoppers see it. */
export async function explainSearch(database: Database, query: string): Promise<SearchExplained> {
  const { db } = database;
  const terms = searchTerms(query);
  const plans = [
    await planOf(
      db,
      sql`select (q.position - 1)::int as position, m.word, m.score
        from unnest(string_to_array(${terms.words.join(' ')}::text, ' ')) with ordinality as q(word, position),
          search_word_matches(q.word) m`,
    ),
  ];
  // The page's statement as the shop runs it (prepared, the same plan whatever the words).
  const filter = {
    category: null,
    types: null,
    maxPriceCents: null,
    search: terms,
    sortBy: 'popular',
    limit: 12,
    offset: 0,
  } as const;
  const page = searchStatement(filter, terms, await readingsOf(db, terms));
  const explained = await runShaped<Record<string, string>>(db, {
    name: null,
    build: () => sql`explain (analyze, buffers) ${page.build()}`,
    values: page.values,
  });
  plans.push(printed(explained));
  return { query, plans };
}
