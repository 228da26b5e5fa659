/**
 * How the database answers a misspelt search at the run's size: `EXPLAIN (ANALYZE, BUFFERS)`
 * of the two statements a shop page with a query costs when no answer is kept (decision 164):
 * the readings of the query's words, and the page itself. Buffer counts say where the work
 * goes better than times on a loaded machine.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/db/prepared';
import { listProducts } from '../../apps/server/src/modules/catalog/catalog.repo';
import { searchTerms } from '../../apps/server/src/modules/catalog/search-sql';

export interface SearchExplained {
  query: string;
  /** Each statement's plan as PostgreSQL prints it. */
  plans: string[];
}

const planOf = async (db: Executor, statement: SQL) =>
  rowsOf<Record<string, string>>(await db.execute(sql`explain (analyze, buffers) ${statement}`))
    .map((row) => Object.values(row)[0])
    .join('\n');

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
  // The page's statement as the shop builds it, explained instead of only run.
  const explaining = Object.create(db) as Executor;
  explaining.execute = (async (statement: SQL) => {
    plans.push(await planOf(db, statement));
    return db.execute(statement);
  }) as Executor['execute'];
  await listProducts(explaining, {
    category: null,
    types: null,
    maxPriceCents: null,
    search: terms,
    sortBy: 'popular',
    limit: 12,
    offset: 0,
  });
  return { query, plans };
}
