/**
 * Values read from the database, kept in memory until their change feed (db/change-feed.ts)
 * says the tables they come from may have changed; then all of them are dropped at once.
 * With `scopeOf`, a value names the products whose stock it shows, and a change the feed knows
 * to touch only some products' stock (a cart's) drops only the values that show one of them.
 *
 * A value is never older than its tables: a value whose reading overlapped a change (of its
 * products, when scoped) is handed out but not kept, and while the feed cannot be trusted
 * nothing is kept at all. Concurrent requests for a value being read share that one reading
 * (never across a change, scoped or not: what the reading will show is not known yet). At most
 * `maxEntries` are kept, the least recently used dropped first.
 */
import type { ChangeFeed } from './change-feed';

interface Kept<T> {
  value: T;
  /** The feed's version when its reading began. */
  readAt: number;
  /** The products whose stock it shows (scoped caches only). */
  shows: readonly string[];
}

const NONE: readonly string[] = Object.freeze([]);

export class ChangeAwareCache<T> {
  readonly #kept = new Map<string, Kept<T>>();
  readonly #reading = new Map<string, Promise<T>>();
  readonly #changes: ChangeFeed;
  readonly #maxEntries: number;
  readonly #scopeOf: ((value: T) => readonly string[]) | undefined;
  readonly stopListening: () => void;

  constructor(changes: ChangeFeed, maxEntries: number, scopeOf?: (value: T) => readonly string[]) {
    this.#changes = changes;
    this.#maxEntries = maxEntries;
    this.#scopeOf = scopeOf;
    this.stopListening = changes.subscribe((stockOf) => {
      // Kept values that show a product whose stock changed are found stale when asked for.
      if (!stockOf || !scopeOf) this.#kept.clear();
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
    const kept = this.#kept.get(key);
    if (kept) {
      // Least recently used goes first: a Map iterates in insertion order.
      this.#kept.delete(key);
      if (!this.#changes.changedSince(kept.shows, kept.readAt)) {
        this.#kept.set(key, kept);
        return Promise.resolve(kept.value);
      }
    }
    const reading = this.#reading.get(key);
    if (reading) return reading;
    const made = read().then((value) => {
      const shows = this.#scopeOf?.(value) ?? NONE;
      const unchanged = this.#scopeOf
        ? this.#changes.version() !== null && !this.#changes.changedSince(shows, version)
        : this.#changes.version() === version;
      if (unchanged && (keep?.(value) ?? true)) this.#keep(key, { value, readAt: version, shows });
      return value;
    });
    this.#reading.set(key, made);
    const done = () => {
      if (this.#reading.get(key) === made) this.#reading.delete(key);
    };
    made.then(done, done);
    return made;
  }

  #keep(key: string, kept: Kept<T>) {
    this.#kept.set(key, kept);
    if (this.#kept.size > this.#maxEntries) {
      const oldest = this.#kept.keys().next().value as string;
      this.#kept.delete(oldest);
    }
  }
}
