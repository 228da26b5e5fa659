/**
 * The SQL of product search (DESIGN.md §4, decision 164), shared by the shop list and the
 * search box.
 *
 * A search is read in two steps. First the database says what each word of the query may
 * stand for (`search_word_matches`, db/functions/search-words.sql): the word as typed, and for
 * a word the catalog does not have, up to five of its words one slip away ("drgon" is
 * "dragon") or close by trigram similarity ("narto" is "naruto"), each with a score. Then a
 * product matches when its search text (name, description, genres and types) contains the
 * whole query as typed, or, for every word of the query, the word or one of its readings. The
 * trigram GIN index on search_text answers each of those LIKE patterns, and the rank is made of
 * the matched readings' scores, a reading in the name counting one more: no similarity is
 * computed over a product's text.
 */
import { sql, type SQL } from 'drizzle-orm';
import { wordsOf } from './spelling';

/** Escapes LIKE's wildcards so that "50%" searches for a percent sign. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Lower-cased and on one line, as search_text is stored. */
export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The words of a query that must each be found: a word of one letter would be found in
 * almost every product and is left out; past eight words a query says no more, and each word
 * costs the search a lookup and a condition.
 */
export const MAX_SEARCH_WORDS = 8;

/** A normalised query and the words each matched product must have (or a reading of them). */
export interface SearchTerms {
  query: string;
  words: string[];
}

/** The search terms of a query as the shopper typed it. */
export function searchTerms(query: string): SearchTerms {
  const normalised = normaliseQuery(query);
  const words = [...new Set(wordsOf(normalised))].filter((w) => [...w].length >= 2);
  return { query: normalised, words: words.slice(0, MAX_SEARCH_WORDS) };
}

/** One reading of the query's word at `position` (0-based), and how sure it is (0 to 1]. */
export interface WordMatch {
  position: number;
  word: string;
  score: number;
}

/** The readings of each word of the query, in the order of its words. */
function byPosition(terms: SearchTerms, matches: readonly WordMatch[]): WordMatch[][] {
  return terms.words.map((word, position) => {
    const readings = matches.filter((m) => m.position === position);
    return readings.length > 0 ? readings : [{ position, word, score: 1 }];
  });
}

/**
 * The WHERE condition of a search on products aliased `p`: the query as typed anywhere in the
 * search text, or every word of it (or one of its readings).
 */
export function searchMatch(terms: SearchTerms, matches: readonly WordMatch[]): SQL {
  const typed = sql`p.search_text like ${likePattern(terms.query)}`;
  if (terms.words.length === 0) return sql`(${typed})`;
  const alone = terms.words.length === 1 && terms.words[0] === terms.query;
  const everyWord = byPosition(terms, matches).map(
    (readings) =>
      sql`(${sql.join(
        readings.map((r) => sql`p.search_text like ${likePattern(r.word)}`),
        sql` or `,
      )})`,
  );
  // A query of one plain word is that word: its own pattern already says "as typed".
  if (alone) return everyWord[0]!;
  return sql`(${typed} or (${sql.join(everyWord, sql` and `)}))`;
}

/**
 * Higher is better: for each word of the query, the best score of its readings the product
 * has, one more when that reading is in the name; and one more when the name holds the whole
 * query as typed.
 */
export function searchRank(terms: SearchTerms, matches: readonly WordMatch[]): SQL {
  const inName = (pattern: string) =>
    sql`case when lower(p.name) like ${pattern} then 1 else 0 end`;
  const words = byPosition(terms, matches).map((readings) => {
    const scores = readings.map((r) => {
      const pattern = likePattern(r.word);
      return sql`case when p.search_text like ${pattern} then ${r.score}::real + ${inName(pattern)} else 0 end`;
    });
    return scores.length === 1 ? scores[0]! : sql`greatest(${sql.join(scores, sql`, `)})`;
  });
  return sql.join([inName(likePattern(terms.query)), ...words], sql` + `);
}
