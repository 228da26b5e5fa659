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
 * A turn takes no more adds than the units the variant's last reading left: the rest could
 * only be refused, and wait for the next turn, which a reading of 0 answers without the
 * database (decision 177).
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

/** How many waiting adds of one variant an instance sends to the database together. */
export const ADDS_OF_A_VARIANT_TOGETHER = 32;

/** The most variants known sold out at once; past it the oldest knowledge is forgotten. */
const KNOWN_MAX = 10_000;

/** Each call's answer, or what it failed with, in the order of the calls. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Sends several adds' calls as one, answering each in their order, and how many changes of the
 * stock it told (db/changed.ts) on the way (null: not counted).
 */
export type SendTogether<I, R> = (
  items: I[],
) => Promise<{ settled: Settled<R>[]; told: number | null }>;

/**
 * The adds that take a turn together: each may call `send` once; the calls go together when
 * every member has called or finished without calling.
 */
class Group<I, R> {
  readonly #changes: ChangeFeed;
  readonly #sendTogether: SendTogether<I, R>;
  #members: number;
  readonly #calls: Array<{
    item: I;
    resolve: (value: R) => void;
    reject: (error: unknown) => void;
  }> = [];
  #sent = false;
  /**
   * The feed's version from which the last call's reading holds, once the calls are answered:
   * after the changes they told themselves, when no other change was told meanwhile; else null.
   * (The sales of a turn are told as it ends, after the reading of 0 that came with them, which
   * would otherwise look like a change that overlapped it.) The last call's only: a call after
   * another's reading may have changed the stock (a cart's lapsed units given back first).
   */
  #lastReadingSince: number | null = null;

  constructor(members: number, changes: ChangeFeed, sendTogether: SendTogether<I, R>) {
    this.#members = members;
    this.#changes = changes;
    this.#sendTogether = sendTogether;
  }

  /** The member's call, and the feed's version from which its reading holds (null: none). */
  send(item: I): { answer: Promise<R>; readingSince: () => number | null } {
    const index = this.#calls.length;
    const answer = new Promise<R>((resolve, reject) => {
      this.#calls.push({ item, resolve, reject });
      this.#ready();
    });
    return {
      answer,
      readingSince: () => (index === this.#calls.length - 1 ? this.#lastReadingSince : null),
    };
  }

  /** A member finished without calling. */
  left() {
    this.#ready();
  }

  #ready() {
    if (this.#sent || --this.#members > 0 || this.#calls.length === 0) return;
    this.#sent = true;
    const calls = this.#calls;
    const before = this.#changes.version();
    // A throw is each call's failure too, never a call left waiting.
    new Promise<Awaited<ReturnType<SendTogether<I, R>>>>((resolve) =>
      resolve(this.#sendTogether(calls.map((c) => c.item))),
    ).then(
      ({ settled, told }) => {
        const after = this.#changes.version();
        if (told !== null && before !== null && after !== null && after - before === told)
          this.#lastReadingSince = after;
        calls.forEach((call, i) => {
          const answer = settled[i];
          if (!answer) call.reject(new Error('no answer for a call sent together'));
          else if (answer.ok) call.resolve(answer.value);
          else call.reject(answer.error);
        });
      },
      (error: unknown) => calls.forEach((call) => call.reject(error)),
    );
  }
}

/** An add waiting for its turn; `gone` once it stopped waiting (its wait ran out). */
interface Waiter<I, R> {
  go: (group: Group<I, R>) => void;
  gone: boolean;
}

interface Turns<I, R> {
  /** Members of the group that has the turn, not finished yet. */
  running: number;
  waiting: Array<Waiter<I, R>>;
  /**
   * The units left at the latest reading of the variant by an add of these turns (null: none
   * yet). Each add takes a unit at least, so the next turn takes no more adds than that.
   */
  left: number | null;
}

export class SoldOutVariants<I = never, R = never> {
  readonly #changes: ChangeFeed;
  readonly #sendTogether: SendTogether<I, R>;
  readonly #together: number;
  readonly #waitMs: number;
  /** A variant's key → the feed's version when a reading that began then saw it at 0. */
  readonly #known = new Map<string, { productId: string; since: number }>();
  readonly #turns = new Map<string, Turns<I, R>>();

  /**
   * `together`: at most how many waiting adds take a turn together. `waitMs`: how long an add
   * waits for its turn before it is answered 503, as a call that waits for one of the pool's
   * connections is (the turns narrow the pool for one variant): a flood of adds of one variant
   * makes the late ones fail fast rather than wait without end.
   */
  constructor(
    changes: ChangeFeed,
    sendTogether: SendTogether<I, R>,
    together = ADDS_OF_A_VARIANT_TOGETHER,
    waitMs = DATABASE_TIME_LIMITS.connectMs,
  ) {
    this.#changes = changes;
    this.#sendTogether = sendTogether;
    this.#together = together;
    this.#waitMs = waitMs;
  }

  /**
   * Runs `add` in the variant's turn, unless the variant is known sold out by then: then
   * `refuse` answers instead. `add` gets `sawStock(n)` to report the stock its reading showed
   * (what was left after its own units, when it took some), and `send`, which makes its
   * database call together with the others of its turn (once).
   */
  async add<T>(
    productId: string,
    variant: string,
    add: (sawStock: (stock: number | null) => void, send: (item: I) => Promise<R>) => Promise<T>,
    refuse: () => never,
  ): Promise<T> {
    const key = `${productId}\u0000${variant}`;
    const group = await this.#turn(key);
    let sent: ReturnType<Group<I, R>['send']> | null = null;
    const send = (item: I) => {
      if (sent) return Promise.reject(new Error('an add sends one call in its turn'));
      sent = group.send(item);
      return sent.answer;
    };
    try {
      if (this.#isKnown(key)) refuse();
      const admitted = this.#changes.version();
      return await add((stock) => {
        const turns = this.#turns.get(key);
        if (turns && stock !== null) turns.left = stock;
        const since = sent?.readingSince() ?? admitted;
        if (stock !== 0 || since === null) return;
        this.#known.delete(key);
        this.#known.set(key, { productId, since });
        if (this.#known.size > KNOWN_MAX) this.#known.delete(this.#known.keys().next().value!);
      }, send);
    } finally {
      if (!sent) group.left();
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

  #turn(key: string): Promise<Group<I, R>> {
    const turns = this.#turns.get(key) ?? { running: 0, waiting: [], left: null };
    this.#turns.set(key, turns);
    if (turns.running === 0) {
      turns.running = 1;
      return Promise.resolve(new Group(1, this.#changes, this.#sendTogether));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter<I, R> = {
        go: (group) => {
          clearTimeout(timer);
          resolve(group);
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
   * Once every add of the turn has finished, the adds of the variant still waiting take the
   * next turn, in the order they came (first come, first served): up to `together` of them,
   * and no more than the units the last reading left (one at least). The adds past those units
   * could only be refused, each as dear as a sale; they wait for the next turn instead, which
   * the turn's reading of 0 answers at once.
   */
  #done(key: string) {
    const turns = this.#turns.get(key)!;
    if (--turns.running > 0) return;
    const size = Math.min(this.#together, Math.max(1, turns.left ?? this.#together));
    const next: Array<Waiter<I, R>> = [];
    while (next.length < size && turns.waiting.length > 0) {
      const waiter = turns.waiting.shift()!;
      if (!waiter.gone) next.push(waiter);
    }
    if (next.length === 0) {
      this.#turns.delete(key);
      return;
    }
    turns.running = next.length;
    const group = new Group(next.length, this.#changes, this.#sendTogether);
    for (const waiter of next) waiter.go(group);
  }
}
