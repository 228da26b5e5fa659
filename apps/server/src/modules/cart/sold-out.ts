/**
 * What this instance knows to be sold out, so that a drop's late comers are answered without
 * the database (decision 166, third addendum).
 *
 * When a limited figure goes on sale, hundreds of adds of its one variant arrive at once; all
 * but the stock's worth are refused, and each refusal used to be as dear as a sale (its rate
 * limit counted and committed, the cart touched, the variant tried, the refusal's terms read).
 * Here adds of one variant take their turn, one at a time on each instance, and an add whose
 * turn comes after an answer showed the variant at 0 is refused at once, "out of stock", with
 * no statement. One at a time: the variant's row lock lets one sale through at a time anyway,
 * and adds queued inside the database for it held the pool's connections that the rest of the
 * shop needed meanwhile, and slowed one another (a drop of 50 to 300 shoppers: p99 about 190 ms
 * one at a time, 240 two at a time, 320 five at a time).
 *
 * The knowledge is a feed version, as a kept catalog answer's (db/change-aware-cache.ts): it
 * holds until the catalog's change feed tells any change of the product's stock (this
 * instance's carts, staff, the sweeper, another instance, a writer outside the app), and is
 * never taken from a reading that overlapped one, nor while the feed cannot be trusted. So a
 * unit given back anywhere makes the next add try the database again; another instance's
 * return is seen as late as its notification (ANNOUNCE_WINDOW_MS), like a shopper who clicked
 * a moment earlier.
 */
import type { ChangeFeed } from '../../db/change-feed';
import { DATABASE_TIME_LIMITS } from '../../db/connection-pool';
import { DatabaseUnavailableError } from '../../lib/db-errors';

/** How many adds of one variant an instance sends to the database at once. */
export const ADDS_OF_A_VARIANT_AT_ONCE = 1;

/** The most variants known sold out at once; past it the oldest knowledge is forgotten. */
const KNOWN_MAX = 10_000;

/** An add waiting for its turn; `gone` once it stopped waiting (its wait ran out). */
interface Waiter {
  go: () => void;
  gone: boolean;
}

interface Turns {
  running: number;
  waiting: Waiter[];
}

export class SoldOutVariants {
  readonly #changes: ChangeFeed;
  readonly #inFlight: number;
  readonly #waitMs: number;
  /** A variant's key → the feed's version when a reading that began then saw it at 0. */
  readonly #known = new Map<string, { productId: string; since: number }>();
  readonly #turns = new Map<string, Turns>();

  /**
   * `waitMs`: how long an add waits for its turn before it is answered 503, as a call that waits
   * for one of the pool's connections is (the turns narrow the pool for one variant): a flood of
   * adds of one variant makes the late ones fail fast rather than wait without end.
   */
  constructor(changes: ChangeFeed, inFlight: number, waitMs = DATABASE_TIME_LIMITS.connectMs) {
    this.#changes = changes;
    this.#inFlight = inFlight;
    this.#waitMs = waitMs;
  }

  /**
   * Runs `add` in the variant's turn, unless the variant is known sold out by then: then
   * `refuse` answers instead. `add` gets `sawStock(n)` to report the stock its reading showed.
   */
  async add<T>(
    productId: string,
    variant: string,
    add: (sawStock: (stock: number | null) => void) => Promise<T>,
    refuse: () => never,
  ): Promise<T> {
    const key = `${productId}\u0000${variant}`;
    await this.#turn(key);
    try {
      if (this.#isKnown(key)) refuse();
      const version = this.#changes.version();
      return await add((stock) => {
        if (stock !== 0 || version === null) return;
        this.#known.delete(key);
        this.#known.set(key, { productId, since: version });
        if (this.#known.size > KNOWN_MAX) this.#known.delete(this.#known.keys().next().value!);
      });
    } finally {
      this.#done(key);
    }
  }

  #isKnown(key: string): boolean {
    const known = this.#known.get(key);
    if (!known) return false;
    if (
      this.#changes.version() !== null &&
      !this.#changes.changedSince([known.productId], known.since)
    )
      return true;
    this.#known.delete(key);
    return false;
  }

  #turn(key: string): Promise<void> {
    const turns = this.#turns.get(key) ?? { running: 0, waiting: [] };
    this.#turns.set(key, turns);
    if (turns.running < this.#inFlight) {
      turns.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        go: () => {
          clearTimeout(timer);
          resolve();
        },
        gone: false,
      };
      const timer = setTimeout(() => {
        waiter.gone = true;
        reject(
          new DatabaseUnavailableError(
            new Error(`no turn for the variant's add within ${this.#waitMs} ms`),
          ),
        );
      }, this.#waitMs);
      turns.waiting.push(waiter);
    });
  }

  /**
   * The next add of the variant still waiting goes on in this one's place (first come, first
   * served).
   */
  #done(key: string) {
    const turns = this.#turns.get(key)!;
    for (let next = turns.waiting.shift(); next; next = turns.waiting.shift()) {
      if (!next.gone) return next.go();
    }
    if (--turns.running === 0) this.#turns.delete(key);
  }
}
