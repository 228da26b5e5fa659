/**
 * The SQL of product search (DESIGN.md §4), shared by the shop list and the search box.
 *
 * A product matches when its search text (name, description, genres and types) contains the
 * query, or when the query is close to one of its words (pg_trgm word similarity, at least
 * TRIGRAM_WORD_SIMILARITY_THRESHOLD, which db/client.ts sets on every connection because the
 * `<%` operator reads it from the session; "narto" finds "naruto"), or when it contains one of
 * the query's corrected readings (spelling.ts: "drgon" is read as "dragon"). The trigram GIN
 * index on search_text answers all of them (migration 0001 tells the planner what the
 * similarity functions really cost). The rank puts name matches first, then everything else by
 * similarity.
 */
import { sql, type SQL } from 'drizzle-orm';

/** Escapes LIKE's wildcards so that "50%" searches for a percent sign. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Lower-cased and on one line, as search_text is stored. */
export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A normalised query and its readings with misspelt words corrected (spelling.ts). */
export interface SearchTerms {
  query: string;
  corrected: string[];
}

/**
 * The WHERE condition of a search on products aliased `p`: the query as typed, or one of its
 * corrected readings, which are words of product names and so are matched as they are.
 */
export function searchMatch({ query, corrected }: SearchTerms): SQL {
  const readings = corrected.map((reading) => sql` or p.search_text like ${likePattern(reading)}`);
  return sql`(p.search_text like ${likePattern(query)} or ${query} <% p.search_text${sql.join(readings)})`;
}

/**
 * Higher is better: a match in the name counts on top of the best similarity anywhere; with
 * corrected readings, the best of the readings' ranks.
 */
export function searchRank({ query, corrected }: SearchTerms): SQL {
  const rankOf = (text: string) =>
    sql`(greatest(similarity(p.name, ${text}), word_similarity(${text}, p.search_text)) + word_similarity(${text}, p.name))`;
  if (corrected.length === 0) return rankOf(query);
  return sql`greatest(${sql.join([query, ...corrected].map(rankOf), sql`, `)})`;
}
