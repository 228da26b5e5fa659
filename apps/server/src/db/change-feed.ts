/**
 * The change feeds: tell this instance, as soon as it can know, that a watched table may have
 * changed, so that what it keeps in memory is dropped before anyone could read a stale copy.
 * Two feeds, one per thing kept:
 * - `catalog` (products, product_variants): the catalog answers (modules/catalog/answer-cache.ts);
 * - `users`: the signed-in users the auth plugin reads on every call (plugins/auth.ts).
 *
 * Where a change comes from, and how it arrives:
 * - This instance's own writes on PostgreSQL: every pooled connection is a `WatchingClient`
 *   which sees each statement go by; a write to a watched table counts as a change when it is
 *   committed (at once outside a transaction, at COMMIT inside one). The feed moves on before
 *   the writer's own call returns, so a caller reads their write.
 * - Other instances on the same PostgreSQL: an instance announces its changes on the feed's
 *   channel (`catalog_changed`, `users_changed`): the first change of a quiet moment on the
 *   next turn of the event loop, then at most one NOTIFY per feed every ANNOUNCE_WINDOW_MS
 *   for any number of writes (its own connections skip the trigger, so NOTIFY's commit-wide
 *   lock stays off the hot stock path), and every instance LISTENs on a connection of its own.
 * - Any other writer (psql, a script): a statement trigger notifies the same channel
 *   (migrations 0004 and 0006).
 * - PGlite: one process is the only writer; the trigger's notifications are handed over
 *   before the committing statement's promise resolves.
 *
 * While the listening connection is down, changes could be missed: every feed's `version()`
 * answers null and nothing is kept until it is back (and everything is dropped once more then).
 * A connection can also die without a word (a failover that takes the server's host away, a
 * network cut): nothing arrives on an idle LISTEN connection either way, so it is asked
 * `select 1` every HEARTBEAT_MS and taken as lost when no answer comes within as long.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { withDeadline } from '../lib/deadline';
import { DATABASE_TIME_LIMITS, timeLimitOptions, type DatabaseTimeLimits } from './connection-pool';

/**
 * What is watched: each feed's tables, the database functions that write to them (a call of
 * one counts as a write), and the channel its changes are announced on.
 */
export const WATCHED = {
  catalog: {
    channel: 'catalog_changed',
    tables: ['products', 'product_variants'],
    // The cart's changes take and give back stock (migration 0009).
    writers: ['cart_reserve', 'cart_change_line'],
  },
  users: { channel: 'users_changed', tables: ['users'], writers: [] },
} as const;

/**
 * The catalog writers that change one product's stock and nothing else of it, with the place
 * of the product among their arguments: called on their own (outside a transaction) they are
 * a change of that product's stock alone. Their `_announced` wrappers (migration 0019) say so
 * on STOCK_CHANNEL, with the product as the payload.
 */
const STOCK_WRITERS: Record<string, number> = { cart_reserve: 3, cart_change_line: 2 };
const STOCK_CHANNEL = 'catalog_stock_changed';
export type Topic = keyof typeof WATCHED;
const TOPICS = Object.keys(WATCHED) as Topic[];

/** The session setting that tells the trigger an app connection announces its own changes. */
export const APP_CONNECTION_OPTIONS = '-c otaku.announce_changes=off';
const RECONNECT_DELAY_MS = 1_000;
/** The listening connection's name in pg_stat_activity (its last statement is a heartbeat's). */
export const LISTENER_APPLICATION_NAME = 'otaku-shelf change feed';
/** How often the listening connection must show it is alive, and how long its answer may take. */
export const HEARTBEAT_MS = 15_000;
/**
 * At most one announcement per feed in this window: every NOTIFY wakes each listening
 * instance and takes the database's notification lock, and a busy cart writes stock hundreds
 * of times a second. Another instance may see a change this much later (decision 092).
 */
const ANNOUNCE_WINDOW_MS = 20;

export interface ChangeFeed {
  /** Changes whenever a watched table may have changed; null while a change could go unseen. */
  version: () => number | null;
  /**
   * Whether the stock of any of `products` may have changed after `version`: a change known to
   * touch only some products' stock (a cart's) counts for those, any other change for all.
   */
  changedSince: (products: readonly string[], version: number) => boolean;
  /**
   * Called after each change (the version has moved on by then), with the products whose
   * stock alone changed, or nothing when anything may have changed.
   */
  subscribe: (listener: (stockOf?: readonly string[]) => void) => () => void;
}

/** Every feed of one database, and how to stop them. */
export interface ChangeFeeds {
  catalog: ChangeFeed;
  users: ChangeFeed;
  close: () => Promise<void>;
}

/** One feed: a version counter, its listeners, and whether it can be trusted. */
export class Feed implements ChangeFeed {
  #version = 0;
  #live = false;
  /** The version of the last change of anything. */
  #whole = 0;
  /** The version at which each product's stock last changed alone, since #whole. */
  readonly #stockChangedAt = new Map<string, number>();
  readonly #listeners = new Set<(stockOf?: readonly string[]) => void>();

  version = () => (this.#live ? this.#version : null);

  changedSince = (products: readonly string[], version: number) =>
    this.#whole > version || products.some((p) => (this.#stockChangedAt.get(p) ?? 0) > version);

  subscribe = (listener: (stockOf?: readonly string[]) => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  changed = () => {
    this.#whole = ++this.#version;
    this.#stockChangedAt.clear();
    for (const listener of this.#listeners) listener();
  };

  /** Only the stock of `products` changed (a cart's reservation took or gave back units). */
  stockChanged = (products: readonly string[]) => {
    const version = ++this.#version;
    for (const product of products) this.#stockChangedAt.set(product, version);
    for (const listener of this.#listeners) listener(products);
  };

  setLive(live: boolean) {
    if (live === this.#live) return;
    this.#live = live;
    this.changed();
  }
}

/** A feed per topic, all live or not together (they share one listening connection). */
function feedsByTopic() {
  const feeds = Object.fromEntries(TOPICS.map((t) => [t, new Feed()])) as Record<Topic, Feed>;
  const byChannel = new Map(TOPICS.map((t) => [WATCHED[t].channel as string, feeds[t]]));
  return {
    feeds,
    /** The feed a channel belongs to, if any. */
    ofChannel: (channel: string) => byChannel.get(channel),
    setLive: (live: boolean) => TOPICS.forEach((t) => feeds[t].setLive(live)),
  };
}

const LISTEN_ALL = [...TOPICS.map((t) => WATCHED[t].channel), STOCK_CHANNEL]
  .map((channel) => `listen ${channel}`)
  .join('; ');

/** PGlite: the triggers' notifications, delivered in the same process. */
export async function pgliteChangeFeeds(client: PGlite): Promise<ChangeFeeds> {
  const { feeds, setLive } = feedsByTopic();
  const unlisten = await Promise.all([
    ...TOPICS.map((t) => client.listen(WATCHED[t].channel, feeds[t].changed)),
    client.listen(STOCK_CHANNEL, (product) => feeds.catalog.stockChanged([product])),
  ]);
  setLive(true);
  return {
    ...feeds,
    close: async () => {
      setLive(false);
      await Promise.all(unlisten.map((u) => u().catch(() => {})));
    },
  };
}

const tableTopic = new Map<string, Topic>(
  TOPICS.flatMap((t) => WATCHED[t].tables.map((table) => [table, t] as const)),
);
const writerTopic = new Map<string, Topic>(
  TOPICS.flatMap((t) => WATCHED[t].writers.map((writer) => [writer, t] as const)),
);
const WATCHED_WRITE_SOURCE =
  String.raw`\b(?:update|insert\s+into|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?(${[...tableTopic.keys()].join('|')})"?(?=[\s(;]|$)` +
  (writerTopic.size > 0 ? String.raw`|\b(${[...writerTopic.keys()].join('|')})\s*\(` : '');
/** One test per statement; the tables are only listed for the few statements that write. */
const ANY_WATCHED_WRITE = new RegExp(WATCHED_WRITE_SOURCE, 'i');
const WATCHED_WRITE = new RegExp(WATCHED_WRITE_SOURCE, 'gi');
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(?:commit|end)\b/i;
const ROLLBACK = /^\s*rollback\b(?!\s+to\b)/i;
const NOTHING: readonly Topic[] = Object.freeze([]);
const NO_CHANGE = Object.freeze({ topics: NOTHING, stockOf: null });

/** The feeds a statement writes to, by its text (one statement may write to several). */
function topicsWritten(text: string): readonly Topic[] {
  if (!ANY_WATCHED_WRITE.test(text)) return NOTHING;
  let found: Topic[] | undefined;
  for (const match of text.matchAll(WATCHED_WRITE)) {
    const topic = match[1]
      ? tableTopic.get(match[1].toLowerCase())!
      : writerTopic.get(match[2]!.toLowerCase())!;
    if (!found?.includes(topic)) (found ??= []).push(topic);
  }
  return found ?? NOTHING;
}

const STOCK_WRITER_CALL = new RegExp(
  String.raw`\b(${Object.keys(STOCK_WRITERS).join('|')})\s*\(([^()]*)\)`,
  'i',
);
const PARAMETER = /^\$(\d+)(?:::\w+)?$/;

/**
 * The product whose stock alone a statement changes: one call of a stock writer and no other
 * watched write, its product given as a parameter. Null for any other statement.
 */
function stockChangeOf(text: string, values: readonly unknown[] | undefined) {
  const call = STOCK_WRITER_CALL.exec(text);
  if (!call || topicsWritten(text.replace(call[0], '')).length > 0) return null;
  const arg = call[2]!.split(',')[STOCK_WRITERS[call[1]!.toLowerCase()]! - 1]?.trim() ?? '';
  const product = values?.[Number(PARAMETER.exec(arg)?.[1] ?? 0) - 1];
  return typeof product === 'string' ? product : null;
}

/** Which feeds change once what a statement does (or ends) is committed. */
export class StatementWatcher {
  #inTransaction = false;
  #wrote = new Set<Topic>();

  /**
   * What will have changed once this statement has run: the feeds (as changesOnCompletion
   * answers), and, for a cart call that commits as it completes (not in a transaction, whose
   * writes count at COMMIT as a change of anything), the product whose stock alone it moved.
   */
  changeOnCompletion(text: string, values: readonly unknown[] | undefined) {
    const topics = this.changesOnCompletion(text);
    if (topics.length === 0) return NO_CHANGE;
    const stockOf =
      topics.length === 1 && topics[0] === 'catalog' ? stockChangeOf(text, values) : null;
    return { topics, stockOf };
  }

  /** The feeds that will have changed once this statement has run (usually none). */
  changesOnCompletion(text: string): readonly Topic[] {
    if (BEGIN.test(text)) {
      this.#inTransaction = true;
      this.#wrote.clear();
      return NOTHING;
    }
    if (COMMIT.test(text)) {
      const wrote = this.#wrote.size > 0 ? [...this.#wrote] : NOTHING;
      this.#inTransaction = false;
      this.#wrote.clear();
      return wrote;
    }
    if (ROLLBACK.test(text)) {
      this.#inTransaction = false;
      this.#wrote.clear();
      return NOTHING;
    }
    const topics = topicsWritten(text);
    if (!this.#inTransaction || topics.length === 0) return topics;
    for (const topic of topics) this.#wrote.add(topic);
    return NOTHING;
  }
}

/**
 * Calls `send(topic)` for a topic's changes at most once per `windowMs`: the first change of a
 * quiet moment on the next turn of the event loop (however many writes that turn made), any
 * later ones together when its window ends, which opens the next. The last change is always
 * sent.
 */
export function throttledAnnouncer<T>(send: (topic: T) => void, windowMs: number) {
  /** A topic's window opens when its change is sent; `again`: it changed since. */
  type Window = { sent: boolean; again: boolean; timer?: NodeJS.Timeout };
  const open = new Map<T, Window>();
  let stopped = false;
  const sendAndWait = (topic: T, window: Window) => {
    if (stopped) return;
    window.sent = true;
    send(topic);
    window.timer = setTimeout(() => {
      open.delete(topic);
      if (window.again) sendAndWait(topic, opening(topic));
    }, windowMs);
  };
  const opening = (topic: T) => {
    const window: Window = { sent: false, again: false };
    open.set(topic, window);
    return window;
  };
  return {
    announce(topic: T) {
      const window = open.get(topic);
      if (window) {
        if (window.sent) window.again = true;
        return;
      }
      const opened = opening(topic);
      setImmediate(() => sendAndWait(topic, opened));
    },
    /** Sends nothing more, also what was waiting for the end of a window. */
    stop() {
      stopped = true;
      for (const window of open.values()) clearTimeout(window.timer);
      open.clear();
    },
  };
}

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/**
 * PostgreSQL: the pool's connections report this instance's committed writes, and a
 * connection of its own listens for everybody else's.
 */
export function postgresChangeFeeds(
  connectionString: string,
  {
    heartbeatMs = HEARTBEAT_MS,
    limits = DATABASE_TIME_LIMITS,
  }: { heartbeatMs?: number | undefined; limits?: DatabaseTimeLimits } = {},
) {
  const { feeds, ofChannel, setLive } = feedsByTopic();
  const instance = randomUUID();
  let closed = false;
  let listener: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let pool: pg.Pool | undefined;
  const announcer = throttledAnnouncer<Topic>((topic) => {
    if (closed || !pool) return;
    pool.query('select pg_notify($1, $2)', [WATCHED[topic].channel, instance]).catch(() => {});
  }, ANNOUNCE_WINDOW_MS);

  const onCommittedChange = (topics: readonly Topic[]) => {
    for (const topic of topics) {
      feeds[topic].changed();
      announcer.announce(topic);
    }
  };
  /** Here only that product's answers go; other instances still hear of a catalog change. */
  const onStockChange = (product: string) => {
    feeds.catalog.stockChanged([product]);
    announcer.announce('catalog');
  };

  const listen = async () => {
    if (closed) return;
    const client = new pg.Client({
      connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      // Opening it (pg gives up after connectionTimeoutMillis) and its LISTEN (below) have a
      // deadline too: a server gone silent during either would otherwise keep the feeds
      // untrusted, and never retried, until the operating system gave up on the socket.
      ...timeLimitOptions({ ...limits, connectMs: heartbeatMs }),
    });
    listener = client;
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      clearInterval(heartbeat);
      setLive(false);
      // With a statement unanswered, ending closes the socket at once rather than say goodbye.
      void client.end().catch(() => {});
      if (!closed) reconnect = setTimeout(() => void listen(), RECONNECT_DELAY_MS);
    };
    let asking = false;
    const beat = async () => {
      if (asking) return;
      asking = true;
      const alive = client.query('select 1').then(
        () => true,
        () => false,
      );
      if ((await withDeadline(alive, heartbeatMs)) !== true) lost();
      asking = false;
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === STOCK_CHANNEL) feeds.catalog.stockChanged([message.payload ?? '']);
      else if (message.payload !== instance) ofChannel(message.channel)?.changed();
    });
    try {
      await client.connect();
      const listening = client.query(LISTEN_ALL).then(() => true);
      if ((await withDeadline(listening, heartbeatMs)) !== true) throw new Error('no answer');
      if (listener !== client) return;
      setLive(true);
      heartbeat = setInterval(() => void beat(), heartbeatMs);
      heartbeat.unref();
    } catch {
      lost();
    }
  };

  /** The pool's connection class: sees every statement this instance sends. */
  class WatchingClient extends pg.Client {
    readonly #watcher = new StatementWatcher();

    // pg's query has many overloads; this passes every form through unchanged.
    override query(...args: unknown[]): never {
      const [config, values, callback] = args as QueryArgs;
      const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
      const call = (...a: unknown[]) => (super.query as (...x: unknown[]) => never)(...a);
      const parameters = Array.isArray(values)
        ? values
        : (config as { values?: unknown[] } | undefined)?.values;
      const { topics, stockOf } = text
        ? this.#watcher.changeOnCompletion(text, parameters)
        : NO_CHANGE;
      if (topics.length === 0) return call(...args);
      const changed = stockOf ? () => onStockChange(stockOf) : () => onCommittedChange(topics);
      type Done = (error: unknown, result: unknown) => void;
      const after =
        (done: Done): Done =>
        (error, result) => {
          changed();
          done(error, result);
        };
      if (typeof values === 'function') return call(config, after(values as Done));
      if (typeof callback === 'function') return call(config, values, after(callback as Done));
      const pending = call(...args) as unknown as Promise<unknown>;
      return pending.then(
        (result) => {
          changed();
          return result;
        },
        (error: unknown) => {
          changed();
          throw error;
        },
      ) as never;
    }
  }

  const changes: ChangeFeeds = {
    ...feeds,
    close: async () => {
      closed = true;
      clearTimeout(reconnect);
      clearInterval(heartbeat);
      announcer.stop();
      const client = listener;
      listener = undefined;
      setLive(false);
      await client?.end().catch(() => {});
    },
  };
  return {
    changes,
    Client: WatchingClient,
    /** Starts listening; announcements go out through `announcer`, the app's pool. */
    start: async (announcer: pg.Pool) => {
      pool = announcer;
      await listen();
    },
  };
}
