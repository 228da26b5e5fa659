/**
 * How a write tells the caches what it changed: the code that writes the catalog (products,
 * their variants and stock) or the users says so with `changed.catalog(ex, ...)` or
 * `changed.users(ex)`, on the executor it wrote with. Nothing is inferred from SQL text.
 *
 * - On the database itself (a statement that commits as it completes) the change is told at
 *   once: call it after the write, also when the write failed (it may have committed).
 * - In a transaction it is recorded on the transaction and told once that transaction has
 *   committed, before `db.transaction(...)` resolves, so the writer's next read sees its
 *   write; a rolled-back transaction tells nothing.
 *
 * Telling a change moves this instance's change feed on (db/change-feed.ts), which drops the
 * cached answers it concerns, and queues the NOTIFY that tells the other instances.
 * A lint rule (eslint.config.js) keeps the writes to those tables in the repositories that
 * tell them.
 */
import type { Executor } from './client';

/** What a catalog write changed: the stock of some products only, or anything. */
export type CatalogChange = { stockOf: readonly string[] } | 'all';

/** Where told changes go: the change feeds of one database (change-feed.ts). */
export interface ChangeSink {
  catalog: (change: CatalogChange) => void;
  users: () => void;
}

/** The changes a transaction made so far, told when it commits. */
class Pending {
  #catalogAll = false;
  #catalogStock = new Set<string>();
  #users = false;

  constructor(readonly sink: ChangeSink) {}

  catalog(change: CatalogChange) {
    if (change === 'all') this.#catalogAll = true;
    else for (const product of change.stockOf) this.#catalogStock.add(product);
  }

  users() {
    this.#users = true;
  }

  tell() {
    if (this.#catalogAll) this.sink.catalog('all');
    else if (this.#catalogStock.size > 0) this.sink.catalog({ stockOf: [...this.#catalogStock] });
    if (this.#users) this.sink.users();
  }
}

/** The databases openDatabase opened, and the transactions open on them. */
const sinks = new WeakMap<object, ChangeSink>();
const transactions = new WeakMap<object, Pending>();

type Transactional = {
  transaction: (run: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;
};

/**
 * Makes `ex.transaction` record the changes told on its transactions (and their savepoints)
 * and tell them after the outermost one commits.
 */
function trackTransactions(ex: Transactional, pendingOf: () => Pending, outermost: boolean) {
  const open = ex.transaction.bind(ex);
  ex.transaction = async (run, config) => {
    const pending = pendingOf();
    let ran = false;
    try {
      const result = await open(async (tx: never) => {
        transactions.set(tx, pending);
        trackTransactions(tx as Transactional, () => pending, false);
        const value = await run(tx);
        ran = true;
        return value;
      }, config);
      if (outermost) pending.tell();
      return result;
    } catch (error) {
      // Failed at COMMIT: whether it committed is not known, so its changes are told.
      if (outermost && ran) pending.tell();
      throw error;
    }
  };
}

/** Called by openDatabase: the database's writes are told to `sink`. */
export function tellChangesTo(db: Executor, sink: ChangeSink): void {
  sinks.set(db, sink);
  trackTransactions(db as unknown as Transactional, () => new Pending(sink), true);
}

function told(ex: Executor): ChangeSink | Pending {
  const found = transactions.get(ex) ?? sinks.get(ex);
  // A write on an executor not opened by openDatabase would leave cached answers stale.
  if (!found) throw new Error('A change was told on a database openDatabase did not open');
  return found;
}

export const changed = {
  /** The catalog changed: only the stock of `stockOf`, or (`'all'`) anything else. */
  catalog(ex: Executor, change: CatalogChange): void {
    told(ex).catalog(change);
  },
  /** A user (role, password, session not-before, anything the signed-in user carries) changed. */
  users(ex: Executor): void {
    told(ex).users();
  },
};

/**
 * Runs a write and tells `tell` afterwards, whether it succeeded or not: a statement that
 * failed after its commit (a lost connection) may still have changed the table.
 */
export async function telling<T>(write: Promise<T>, tell: () => void): Promise<T> {
  try {
    return await write;
  } finally {
    tell();
  }
}
