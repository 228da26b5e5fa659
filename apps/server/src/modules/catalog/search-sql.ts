/**
 * The SQL of product search (DESIGN.md §4), shared by the shop list and the search box.
 *
 * A product matches when its search text (name, description, genres and types) contains the
 * query, or when the query is close to one of its words (pg_trgm word similarity, at least
 * TRIGRAM_WORD_SIMILARITY_THRESHOLD, which db/client.ts sets on every connection because the
 * `<%` operator reads it from the session; "narto" finds "naruto"). The trigram GIN index on search_text answers
 * both (migration 0001 tells the planner what the similarity functions really cost). The rank
 * puts name matches first, then everything else by similarity.
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

/** The WHERE condition of a search for `query` (normalised) on products aliased `p`. */
export function searchMatch(query: string): SQL {
  return sql`(p.search_text like ${likePattern(query)} or ${query} <% p.search_text)`;
}

/** Higher is better: a match in the name counts on top of the best similarity anywhere. */
export function searchRank(query: string): SQL {
  return sql`(greatest(similarity(p.name, ${query}), word_similarity(${query}, p.search_text)) + word_similarity(${query}, p.name))`;
}
