/**
 * Spelling help for product search. The catalog's words, and for a misspelt word those one
 * slip away (a letter missing, extra, wrong, or two letters swapped) or close by trigrams, are
 * found by the database itself (db/functions/search-words.sql, decision 164): `search_words`
 * and its deletions are kept by triggers in the transaction of every product write, so a new
 * or renamed product's words are corrected at once on every instance, and nothing is held in
 * memory. What stays here is how a query is cut into words, as search_text is.
 */

/** The words of a text as search_text holds them: lower case, letters and digits. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
