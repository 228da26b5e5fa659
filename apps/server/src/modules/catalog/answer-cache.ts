/**
 * Catalog answers kept in memory, ready to send: the shop's pages, product pages and search
 * suggestions are read far more often than the catalog changes, and every one of them is the
 * same for every shopper.
 *
 * An answer is never older than the catalog: the whole cache is dropped the moment the
 * catalog's change feed reports a change, an answer whose reading overlapped a change is sent
 * but not kept, and while the feed cannot be trusted nothing is kept at all
 * (db/change-aware-cache.ts, db/change-feed.ts). Concurrent requests for an answer being read
 * share that one reading.
 */
import type { ZodType } from 'zod';
import { ChangeAwareCache } from '../../db/change-aware-cache';
import type { ChangeFeed } from '../../db/change-feed';
import { PreparedBody } from '../../plugins/http-caching';

/** About 6 KB (a shop page) to 1 KB (a product) each, plus their compressed forms. */
export const MAX_CACHED_ANSWERS = 2_000;

export class AnswerCache {
  readonly #cache: ChangeAwareCache<PreparedBody>;
  readonly stopListening: () => void;

  constructor(changes: ChangeFeed, maxEntries = MAX_CACHED_ANSWERS) {
    this.#cache = new ChangeAwareCache(changes, maxEntries);
    this.stopListening = this.#cache.stopListening;
  }

  get size() {
    return this.#cache.size;
  }

  /**
   * The answer for `key`, read with `read` when it is not kept. The answer is checked against
   * `schema` once, when it is read (the route's response schema, which a prepared answer skips).
   */
  answer(key: string, schema: ZodType, read: () => Promise<unknown>): Promise<PreparedBody> {
    return this.#cache.get(key, () =>
      read().then((value) => new PreparedBody(JSON.stringify(schema.parse(value)))),
    );
  }
}
