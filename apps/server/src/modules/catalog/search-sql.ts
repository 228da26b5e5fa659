/**
 * The SQL of product search (DESIGN.md §4, decisions 164 and 187), shared by the shop list and
 * the search box.
 *
 * A product's search text (name, description, genres and types) and its search name hold
 * their words in lower case, each after a space (search-text.ts, migration 0036), so that
 * `% han%` finds a word that starts with "han". A search is read in two steps. First the
 * database says what each word of the query may stand for (`search_word_matches`,
 * db/functions/search-words.sql): the word as typed, and for a word of four letters or more
 * the catalog does not have, up to five of its words one slip away ("drgon" is "dragon") or
 * close by trigram similarity ("narto" is "naruto"), each with a score. Then a product matches
 * when its search text has, for every word of the query, the word or one of its readings: a
 * word of four letters or more anywhere, also inside a longer word; a shorter one at the start
 * of a word, as the search box sends it while a shopper types ("han" is not found in
 * "merchandise"). The trigram GIN index on search_text answers each of those LIKE patterns, and
 * the rank is made of the matched readings' scores, a reading in the name counting one more:
 * no similarity is computed over a product's text.
 */
import { sql, type SQL } from 'drizzle-orm';
import { wordsOf } from './spelling';

/**
 * Whether a word of the query is found also inside a longer word, and may be read as another
 * (four letters or more, the length `search_word_matches` corrects from); a shorter one is the
 * start of a word, and too many words are that close to it to guess which was meant.
 */
export const readInsideWords = (word: string) => [...word].length >= 4;

// A word of a query is letters and digits (wordsOf), so none holds a LIKE wildcard.

/** Text anywhere in a search text, also inside a word. */
const anywhere = (text: string) => `%${text}%`;

/** Text at the start of a word of a search text (each of its words follows a space). */
const atWordStart = (text: string) => `% ${text}%`;

/** The pattern of a query's word as typed: a short word is the start of a word. */
const typedPattern = (word: string) => (readInsideWords(word) ? anywhere(word) : atWordStart(word));

/**
 * The words of a query that must each be found: a word of one letter would be found in
 * almost every product and is left out; past eight words a query says no more, and each word
 * costs the search a lookup and a condition.
 */
export const MAX_SEARCH_WORDS = 8;

/** A query as the search reads it. */
export interface SearchTerms {
  /** Every word of the query in order, one space between them ("" for "%!"). */
  phrase: string;
  /** The words each matched product must have (or a reading of them). */
  words: string[];
}

/** The search terms of a query as the shopper typed it. */
export function searchTerms(query: string): SearchTerms {
  const all = wordsOf(query);
  const words = [...new Set(all)].filter((w) => [...w].length >= 2);
  return { phrase: all.join(' '), words: words.slice(0, MAX_SEARCH_WORDS) };
}

/** One reading of the query's word at `position` (0-based), and how sure it is (0 to 1]. */
export interface WordMatch {
  position: number;
  word: string;
  score: number;
}

/** A reading with the LIKE pattern that finds it. */
interface Reading extends WordMatch {
  pattern: string;
}

/** The readings of each word of the query, in the order of its words, the word as typed first. */
function byPosition(terms: SearchTerms, matches: readonly WordMatch[]): Reading[][] {
  return terms.words.map((word, position) => [
    { position, word, score: 1, pattern: typedPattern(word) },
    ...matches
      .filter((m) => m.position === position && m.word !== word)
      .map((m) => ({ ...m, pattern: anywhere(m.word) })),
  ]);
}

/**
 * The WHERE condition of a search on products aliased `p`: every word of the query, each as
 * typed or as one of its readings. A query of no word of two letters or more ("a b") is its
 * phrase at the start of a word; one of no word at all ("%!") finds nothing.
 */
export function searchMatch(terms: SearchTerms, matches: readonly WordMatch[]): SQL {
  if (terms.words.length === 0) {
    return terms.phrase === ''
      ? sql`false`
      : sql`(p.search_text like ${atWordStart(terms.phrase)})`;
  }
  const everyWord = byPosition(terms, matches).map(
    (readings) =>
      sql`(${sql.join(
        readings.map((r) => sql`p.search_text like ${r.pattern}`),
        sql` or `,
      )})`,
  );
  return sql`(${sql.join(everyWord, sql` and `)})`;
}

/**
 * Higher is better: for each word of the query, the best score of its readings the product
 * has, one more when that reading is in the name; and one more when the name has the query's
 * words in a row from the start of a word. A word read only as typed is in every product the
 * search matches (searchMatch), so only the name is read for it.
 */
export function searchRank(terms: SearchTerms, matches: readonly WordMatch[]): SQL {
  const inName = (pattern: string) =>
    sql`case when p.search_name like ${pattern} then 1 else 0 end`;
  const words = byPosition(terms, matches).map((readings) => {
    if (readings.length === 1) return sql`1::real + ${inName(readings[0]!.pattern)}`;
    const scores = readings.map(
      (r) =>
        sql`case when p.search_text like ${r.pattern} then ${r.score}::real + ${inName(r.pattern)} else 0 end`,
    );
    return sql`greatest(${sql.join(scores, sql`, `)})`;
  });
  return sql.join([inName(atWordStart(terms.phrase)), ...words], sql` + `);
}
