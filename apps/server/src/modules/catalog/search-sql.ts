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

/**
 * How many readings a word of the query has at most: as typed, and up to five words
 * `search_word_matches` reads it as.
 */
export const READINGS_PER_WORD = 6;

/**
 * A reading's place in the statement: the LIKE pattern that finds it and its score, or null
 * and 0 for a place no reading fills (`like null` is null: it finds nothing).
 */
interface Slot {
  pattern: string | null;
  score: number;
}

const EMPTY_SLOT: Slot = { pattern: null, score: 0 };

/**
 * The readings of each word of the query, in the order of its words, the word as typed first,
 * each word's list filled up to READINGS_PER_WORD with empty slots: the statement's text then
 * depends on the number of words alone, and PostgreSQL plans it once a connection (decision
 * 190).
 */
function byPosition(terms: SearchTerms, matches: readonly WordMatch[]): Slot[][] {
  return terms.words.map((word, position) => {
    const slots: Slot[] = [
      { pattern: typedPattern(word), score: 1 },
      ...matches
        .filter((m) => m.position === position && m.word !== word)
        .map((m) => ({ pattern: anywhere(m.word), score: m.score })),
    ].slice(0, READINGS_PER_WORD);
    while (slots.length < READINGS_PER_WORD) slots.push(EMPTY_SLOT);
    return slots;
  });
}

/**
 * The placeholders of word `w`'s reading `r`: its pattern as the WHERE condition finds it,
 * as the rank reads it, and its score.
 */
const patternOf = (w: number, r: number) => `pattern_${w}_${r}`;
const rankedOf = (w: number, r: number) => `ranked_${w}_${r}`;
const scoreOf = (w: number, r: number) => `score_${w}_${r}`;
/** The placeholders of the query's words in a row, at the start of a word. */
const PHRASE = { pattern: 'phrase', ranked: 'ranked_phrase' };

/**
 * A value of a search's WHERE condition or LIMIT, read from a placeholder in a way the planner
 * cannot read (a sub-select, run once a statement). Every plan of the statement is then the
 * same, whatever the words: a bitmap scan of the trigram index for each pattern. So PostgreSQL
 * keeps the plan it made once a connection instead of planning each search again (decision
 * 190), which cost more than running most searches. A plan made for the values would be no
 * better: for these patterns the planner can only guess how many products each finds.
 */
export const unseen = (placeholder: string, type: 'text' | 'text[]' | 'int' | 'real'): SQL =>
  sql`(select ${sql.placeholder(placeholder)}::${sql.raw(type)})`;

/** A product whose search text has the pattern; a null pattern finds nothing, at no cost. */
const searchTextHas = (pattern: string) => sql`p.search_text like ${unseen(pattern, 'text')}`;

/** The placeholders of every slot of a statement of `words` words, word by word. */
const slotPlaceholders = (words: number) =>
  Array.from({ length: words }, (_, w) =>
    Array.from({ length: READINGS_PER_WORD }, (_, r) => ({
      pattern: patternOf(w, r),
      ranked: rankedOf(w, r),
      score: scoreOf(w, r),
    })),
  );

/**
 * The WHERE condition of a search of `words` words on products aliased `p`: every word of the
 * query, each as typed or as one of its readings. A query of no word of two letters or more
 * ("a b") is its phrase at the start of a word; one of no word at all ("%!") finds nothing.
 * Its values are searchValues'.
 */
export function searchMatch(words: number): SQL {
  if (words === 0) return searchTextHas(PHRASE.pattern);
  const everyWord = slotPlaceholders(words).map(
    (readings) =>
      sql`(${sql.join(
        readings.map((r) => searchTextHas(r.pattern)),
        sql` or `,
      )})`,
  );
  return sql`(${sql.join(everyWord, sql` and `)})`;
}

/**
 * Higher is better: for each word of the query, the best score of its readings the product
 * has, one more when that reading is in the name; and one more when the name has the query's
 * words in a row from the start of a word. Its values are searchValues'. The planner may read
 * them: they weigh the same in every plan, since a slot no reading fills has a pattern too
 * (RANKS_NOTHING), where a null one would fold away in a plan made for the values and make it
 * look cheaper than the kept one.
 */
export function searchRank(words: number): SQL {
  const like = (column: SQL, pattern: string) =>
    sql`${column} like ${sql.placeholder(pattern)}::text`;
  const inName = (pattern: string) =>
    sql`case when ${like(sql`p.search_name`, pattern)} then 1 else 0 end`;
  const scores = slotPlaceholders(words).map((readings) => {
    const each = readings.map(
      (r) =>
        sql`case when ${like(sql`p.search_text`, r.ranked)} then ${sql.placeholder(r.score)}::real + ${inName(r.ranked)} else 0 end`,
    );
    return sql`greatest(${sql.join(each, sql`, `)})`;
  });
  return sql.join([inName(PHRASE.ranked), ...scores], sql` + `);
}

/**
 * The rank's pattern of a slot no reading fills: the empty text has it, and no product's
 * texts, each word of which follows a space.
 */
const RANKS_NOTHING = '';

/** The values of searchMatch's and searchRank's placeholders for a query and its readings. */
export function searchValues(
  terms: SearchTerms,
  matches: readonly WordMatch[],
): Record<string, string | number | null> {
  const phrase = terms.phrase === '' ? null : atWordStart(terms.phrase);
  const values: Record<string, string | number | null> = {
    [PHRASE.pattern]: phrase,
    [PHRASE.ranked]: phrase ?? RANKS_NOTHING,
  };
  byPosition(terms, matches).forEach((readings, w) =>
    readings.forEach((reading, r) => {
      values[patternOf(w, r)] = reading.pattern;
      values[rankedOf(w, r)] = reading.pattern ?? RANKS_NOTHING;
      values[scoreOf(w, r)] = reading.score;
    }),
  );
  return values;
}
