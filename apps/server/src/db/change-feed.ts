/**
 * The change feeds: tell this instance, as soon as it can know, that a watched table may have
 * changed, so that what it keeps in memory is dropped before anyone could read a stale copy.
 * Two feeds, one per thing kept:
 * - `catalog` (products, product_variants): the catalog answers (modules/catalog/answer-cache.ts);
 * - `users`: the signed-in users the auth plugin reads on every call (plugins/auth.ts).
 *
 * Where a change comes from, and how it arrives:
 * - This instance's own writes, on either engine: the code that writes says what it changed
 *   (db/changed.ts), and the feed moves on once the write has committed, before the writer's
 *   own call returns, so a caller reads their write. No statement is looked at.
 * - Other instances on the same PostgreSQL: an instance announces its changes on the feed's
 *   channel (`catalog_changed`, `users_changed`): the first change of a quiet moment on the
 *   next turn of the event loop, then at most one NOTIFY per feed every ANNOUNCE_WINDOW_MS
 *   for any number of writes (its own connections skip the trigger, so NOTIFY's commit-wide
 *   lock stays off the hot stock path), and every instance LISTENs on a connection of its own.
 * - Any other writer (psql, a script): a statement trigger notifies the same channel
 *   (migrations 0004 and 0006). The app's connections, of either engine, set the session
 *   setting that keeps it quiet (APP_CONNECTION_SETTING).
 * - The units `cart_release_lapsed` gives back (migration 0022) are announced by that
 *   function, product by product, on STOCK_CHANNEL.

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
import type { CatalogChange, ChangeSink } from './changed';
import { DATABASE_TIME_LIMITS, timeLimitOptions, type DatabaseTimeLimits } from './connection-pool';

/** The channel each feed's changes are announced on, and the tables it stands for. */
export const WATCHED = {
  catalog: { channel: 'catalog_changed', tables: ['products', 'product_variants'] },
  users: { channel: 'users_changed', tables: ['users'] },
} as const;

/** Where `cart_release_lapsed` names each product whose units it gave back (migration 0022). */
const STOCK_CHANNEL = 'catalog_stock_changed';
export type Topic = keyof typeof WATCHED;
const TOPICS = Object.keys(WATCHED) as Topic[];

/** The session setting that tells the trigger an app connection announces its own changes. */
export const APP_CONNECTION_SETTING = { name: 'otaku.announce_changes', value: 'off' } as const;
export const APP_CONNECTION_OPTIONS = `-c ${APP_CONNECTION_SETTING.name}=${APP_CONNECTION_SETTING.value}`;
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

/** Every feed of one database, where this instance's own changes are told, and how to stop. */
export interface ChangeFeeds {
  catalog: ChangeFeed;
  users: ChangeFeed;
  /** This instance's committed changes (db/changed.ts). */
  sink: ChangeSink;
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

/** Tells a feed a change: of some products' stock only, or of anything. */
const tell = (feed: Feed, change: CatalogChange) =>
  change === 'all' ? feed.changed() : feed.stockChanged(change.stockOf);

/**
 * PGlite: one process is the only writer, so its own changes are all there are; the
 * notifications of `cart_release_lapsed` are handed over before its statement's promise
 * resolves.
 */
export async function pgliteChangeFeeds(client: PGlite): Promise<ChangeFeeds> {
  const { feeds, setLive } = feedsByTopic();
  const unlisten = await client.listen(STOCK_CHANNEL, (product) =>
    feeds.catalog.stockChanged([product]),
  );
  setLive(true);
  return {
    ...feeds,
    sink: { catalog: (change) => tell(feeds.catalog, change), users: feeds.users.changed },
    close: async () => {
      setLive(false);
      await unlisten().catch(() => {});
    },
  };
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

/**
 * PostgreSQL: this instance's committed writes are told to `changes.sink`, and a connection
 * of its own listens for everybody else's.
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

  /** Other instances hear of any catalog change as a change of anything. */
  const sink: ChangeSink = {
    catalog: (change) => {
      tell(feeds.catalog, change);
      announcer.announce('catalog');
    },
    users: () => {
      feeds.users.changed();
      announcer.announce('users');
    },
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

  const changes: ChangeFeeds = {
    ...feeds,
    sink,
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
    /** Starts listening; announcements go out through `announcer`, the app's pool. */
    start: async (announcer: pg.Pool) => {
      pool = announcer;
      await listen();
    },
  };
}
