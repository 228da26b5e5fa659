/**
 * Catalog answers kept in memory, ready to send: the shop's pages, product pages and search
 * suggestions are read far more often than the catalog changes, and every one of them is the
 * same for every shopper.
 *
 * An answer is never older than the catalog: the whole cache is dropped the moment the change
 * feed reports a change (db/catalog-changes.ts), and an answer whose reading overlapped a change
 * is sent but not kept. While the feed cannot be trusted nothing is kept at all. Concurrent
 * requests for an answer being read share that one reading.
 */
import type { ZodType } from 'zod';
import type { CatalogChanges } from '../../db/catalog-changes';
import { PreparedJson } from '../../plugins/http-caching';

/** About 6 KB (a shop page) to 1 KB (a product) each, plus their compressed forms. */
export const MAX_CACHED_ANSWERS = 2_000;

export class AnswerCache {
  readonly #answers = new Map<string, PreparedJson>();
  readonly #reading = new Map<string, Promise<PreparedJson>>();
  readonly #changes: CatalogChanges;
  readonly #maxEntries: number;
  readonly stopListening: () => void;

  constructor(changes: CatalogChanges, maxEntries = MAX_CACHED_ANSWERS) {
    this.#changes = changes;
    this.#maxEntries = maxEntries;
    this.stopListening = changes.subscribe(() => {
      this.#answers.clear();
      this.#reading.clear();
    });
  }

  get size() {
    return this.#answers.size;
  }

  /**
   * The answer for `key`, read with `read` when it is not kept. The answer is checked against
   * `schema` once, when it is read (the route's response schema, which a prepared answer skips).
   */
  answer(key: string, schema: ZodType, read: () => Promise<unknown>): Promise<PreparedJson> {
    const version = this.#changes.version();
    const prepare = () =>
      read().then((value) => new PreparedJson(JSON.stringify(schema.parse(value))));
    if (version === null) return prepare();
    const kept = this.#answers.get(key);
    if (kept) {
      // Least recently used goes first: a Map iterates in insertion order.
      this.#answers.delete(key);
      this.#answers.set(key, kept);
      return Promise.resolve(kept);
    }
    const reading = this.#reading.get(key);
    if (reading) return reading;
    const made = prepare().then((answer) => {
      if (this.#changes.version() === version) this.#keep(key, answer);
      return answer;
    });
    this.#reading.set(key, made);
    const done = () => {
      if (this.#reading.get(key) === made) this.#reading.delete(key);
    };
    made.then(done, done);
    return made;
  }

  #keep(key: string, answer: PreparedJson) {
    this.#answers.set(key, answer);
    if (this.#answers.size > this.#maxEntries) {
      const oldest = this.#answers.keys().next().value as string;
      this.#answers.delete(oldest);
    }
  }
}
