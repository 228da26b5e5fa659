/**
 * Values read from the database, kept in memory until their change feed (db/change-feed.ts)
 * says the tables they come from may have changed; then all of them are dropped at once.
 *
 * A value is never older than its tables: a value whose reading overlapped a change is handed
 * out but not kept, and while the feed cannot be trusted nothing is kept at all. Concurrent
 * requests for a value being read share that one reading (never across a change). At most
 * `maxEntries` are kept, the least recently used dropped first.
 */
import type { ChangeFeed } from './change-feed';

export class ChangeAwareCache<T> {
  readonly #kept = new Map<string, T>();
  readonly #reading = new Map<string, Promise<T>>();
  readonly #changes: ChangeFeed;
  readonly #maxEntries: number;
  readonly stopListening: () => void;

  constructor(changes: ChangeFeed, maxEntries: number) {
    this.#changes = changes;
    this.#maxEntries = maxEntries;
    this.stopListening = changes.subscribe(() => {
      this.#kept.clear();
      this.#reading.clear();
    });
  }

  get size() {
    return this.#kept.size;
  }

  /**
   * The value kept for `key`, or what `read` answers: kept when nothing changed meanwhile and
   * `keep` (if given) agrees, e.g. not a value made without a part that was late.
   */
  get(key: string, read: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    const version = this.#changes.version();
    if (version === null) return read();
    if (this.#kept.has(key)) {
      const kept = this.#kept.get(key) as T;
      // Least recently used goes first: a Map iterates in insertion order.
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return Promise.resolve(kept);
    }
    const reading = this.#reading.get(key);
    if (reading) return reading;
    const made = read().then((value) => {
      if (this.#changes.version() === version && (keep?.(value) ?? true)) this.#keep(key, value);
      return value;
    });
    this.#reading.set(key, made);
    const done = () => {
      if (this.#reading.get(key) === made) this.#reading.delete(key);
    };
    made.then(done, done);
    return made;
  }

  #keep(key: string, value: T) {
    this.#kept.set(key, value);
    if (this.#kept.size > this.#maxEntries) {
      const oldest = this.#kept.keys().next().value as string;
      this.#kept.delete(oldest);
    }
  }
}
