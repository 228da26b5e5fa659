/**
 * The catalog change feed: tells this instance, as soon as it can know, that products,
 * variants or stock may have changed, so that cached catalog answers are dropped before anyone
 * could read a stale one (modules/catalog/answer-cache.ts).
 *
 * Where a change comes from, and how it arrives:
 * - This instance's own writes on PostgreSQL: every pooled connection is a `CatalogAwareClient`
 *   which sees each statement go by; a write to `products` or `product_variants` counts as a
 *   change when it is committed (at once outside a transaction, at COMMIT inside one). The
 *   cache is dropped before the writer's own call returns, so a shopper reads their write.
 * - Other instances on the same PostgreSQL: an instance announces its changes on the
 *   `catalog_changed` channel, at most one NOTIFY per turn of the event loop for any number
 *   of writes (its own connections skip the trigger, so NOTIFY's commit-wide lock stays off
 *   the hot stock path), and every instance LISTENs on a connection of its own.
 * - Any other writer (psql, a script): a statement trigger notifies the same channel
 *   (migration 0004).
 * - PGlite: one process is the only writer; the trigger's notifications are handed over
 *   before the committing statement's promise resolves.
 *
 * While the listening connection is down, changes could be missed: `version()` answers null
 * and nothing is cached until it is back (and the cache is dropped once more then).
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export const CATALOG_CHANNEL = 'catalog_changed';
/** The session setting that tells the trigger an app connection announces its own changes. */
export const APP_CONNECTION_OPTIONS = '-c otaku.catalog_notify=off';
const RECONNECT_DELAY_MS = 1_000;

export interface CatalogChanges {
  /** Changes whenever the catalog may have changed; null while a change could go unseen. */
  version: () => number | null;
  /** Called after each change (the version has moved on by then). */
  subscribe: (listener: () => void) => () => void;
  close: () => Promise<void>;
}

/** The shared part: a version counter, its listeners, and whether the feed can be trusted. */
class Feed {
  #version = 0;
  #live = false;
  readonly #listeners = new Set<() => void>();

  version = () => (this.#live ? this.#version : null);

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  changed = () => {
    this.#version++;
    for (const listener of this.#listeners) listener();
  };

  setLive(live: boolean) {
    if (live === this.#live) return;
    this.#live = live;
    this.changed();
  }
}

/** PGlite: the trigger's notifications, delivered in the same process. */
export async function pgliteCatalogChanges(client: PGlite): Promise<CatalogChanges> {
  const feed = new Feed();
  const unlisten = await client.listen(CATALOG_CHANNEL, feed.changed);
  feed.setLive(true);
  return {
    version: feed.version,
    subscribe: feed.subscribe,
    close: async () => {
      feed.setLive(false);
      await unlisten().catch(() => {});
    },
  };
}

const CATALOG_WRITE =
  /\b(?:update|insert\s+into|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:products|product_variants)"?(?=[\s(;]|$)/i;
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(?:commit|end)\b/i;
const ROLLBACK = /^\s*rollback\b(?!\s+to\b)/i;

/** Whether committing what a statement does (or ends) changes the catalog. */
export class StatementWatcher {
  #inTransaction = false;
  #wrote = false;

  /** True when the catalog will have changed once this statement has run. */
  changesOnCompletion(text: string): boolean {
    if (BEGIN.test(text)) {
      this.#inTransaction = true;
      this.#wrote = false;
      return false;
    }
    if (COMMIT.test(text)) {
      const wrote = this.#wrote;
      this.#inTransaction = this.#wrote = false;
      return wrote;
    }
    if (ROLLBACK.test(text)) {
      this.#inTransaction = this.#wrote = false;
      return false;
    }
    if (!CATALOG_WRITE.test(text)) return false;
    if (!this.#inTransaction) return true;
    this.#wrote = true;
    return false;
  }
}

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/**
 * PostgreSQL: the pool's connections report this instance's committed catalog writes
 * (`onCommittedChange`), and a connection of its own listens for everybody else's.
 */
export function postgresCatalogChanges(connectionString: string) {
  const feed = new Feed();
  const instance = randomUUID();
  let closed = false;
  let listener: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let announcing = false;
  let pool: pg.Pool | undefined;

  const announce = () => {
    if (announcing || !pool) return;
    announcing = true;
    setImmediate(() => {
      announcing = false;
      pool?.query('select pg_notify($1, $2)', [CATALOG_CHANNEL, instance]).catch(() => {});
    });
  };

  const onCommittedChange = () => {
    feed.changed();
    announce();
  };

  const listen = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString });
    listener = client;
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      feed.setLive(false);
      void client.end().catch(() => {});
      if (!closed) reconnect = setTimeout(() => void listen(), RECONNECT_DELAY_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === CATALOG_CHANNEL && message.payload !== instance) feed.changed();
    });
    try {
      await client.connect();
      await client.query(`listen ${CATALOG_CHANNEL}`);
      if (listener === client) feed.setLive(true);
    } catch {
      lost();
    }
  };

  /** The pool's connection class: sees every statement this instance sends. */
  class CatalogAwareClient extends pg.Client {
    readonly #watcher = new StatementWatcher();

    // pg's query has many overloads; this passes every form through unchanged.
    override query(...args: unknown[]): never {
      const [config, values, callback] = args as QueryArgs;
      const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
      const call = (...a: unknown[]) => (super.query as (...x: unknown[]) => never)(...a);
      if (!text || !this.#watcher.changesOnCompletion(text)) return call(...args);
      type Done = (error: unknown, result: unknown) => void;
      const after =
        (done: Done): Done =>
        (error, result) => {
          onCommittedChange();
          done(error, result);
        };
      if (typeof values === 'function') return call(config, after(values as Done));
      if (typeof callback === 'function') return call(config, values, after(callback as Done));
      const pending = call(...args) as unknown as Promise<unknown>;
      return pending.then(
        (result) => {
          onCommittedChange();
          return result;
        },
        (error: unknown) => {
          onCommittedChange();
          throw error;
        },
      ) as never;
    }
  }

  const changes: CatalogChanges = {
    version: feed.version,
    subscribe: feed.subscribe,
    close: async () => {
      closed = true;
      clearTimeout(reconnect);
      const client = listener;
      listener = undefined;
      feed.setLive(false);
      await client?.end().catch(() => {});
    },
  };
  return {
    changes,
    Client: CatalogAwareClient,
    /** Starts listening; announcements go out through `announcer`, the app's pool. */
    start: async (announcer: pg.Pool) => {
      pool = announcer;
      await listen();
    },
  };
}
