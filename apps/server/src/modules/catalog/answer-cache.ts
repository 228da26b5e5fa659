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

/** An answer ready to send, and the products whose stock it shows. */
interface Answer {
  body: PreparedBody;
  shows: readonly string[];
}

export class AnswerCache {
  readonly #cache: ChangeAwareCache<Answer>;
  readonly stopListening: () => void;

  constructor(changes: ChangeFeed, maxEntries = MAX_CACHED_ANSWERS) {
    this.#cache = new ChangeAwareCache<Answer>(changes, maxEntries, (answer) => answer.shows);
    this.stopListening = this.#cache.stopListening;
  }

  get size() {
    return this.#cache.size;
  }

  /**
   * The answer for `key`, read with `read` when it is not kept. The answer is checked against
   * `schema` once, when it is read (the route's response schema, which a prepared answer skips).
   * `shows` names the products whose stock the answer shows: a cart's change of another
   * product's stock keeps it (none: only a change of anything else drops it).
   */
  answer<V>(
    key: string,
    schema: ZodType<V>,
    read: () => Promise<unknown>,
    shows: (value: V) => readonly string[] = () => [],
  ): Promise<PreparedBody> {
    return this.#cache
      .get(key, () =>
        read().then((value) => {
          const checked = schema.parse(value);
          return { body: new PreparedBody(JSON.stringify(checked)), shows: shows(checked) };
        }),
      )
      .then((answer) => answer.body);
  }
}
