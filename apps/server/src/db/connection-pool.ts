/**
 * The PostgreSQL connection pool, made safe against losing its connections (decision 128).
 *
 * pg-pool listens for errors only on the connections it holds idle. A connection checked out
 * of it (by a transaction, between two of its statements or while one runs) whose server
 * session ends (a restart, a failover, pg_terminate_backend) emits 'error' with nobody
 * listening, and Node ends the process. Here a checked-out connection has a listener too, which
 * hands the lost connection back to the pool with its error, so the pool closes it and opens
 * a fresh one when next needed. Handing it back at once also keeps the pool whole when Drizzle
 * forgets a connection: its transaction() does not release one whose BEGIN failed; a later
 * release of a connection already handed back does nothing.
 *
 * A connection that cannot be had at all (refused, timed out, a database not accepting
 * connections) fails with DatabaseUnavailableError, whatever the driver said, so that the
 * call answers 503.
 *
 * Every connection also has time limits (DATABASE_TIME_LIMITS, decision 139), so that nothing
 * the database or the network does makes a request wait for ever.
 */
import pg from 'pg';
import { DatabaseUnavailableError } from '../lib/db-errors';

export interface DatabaseTimeLimits {
  /** Opening a connection, and waiting for a free one of the pool (pg's connectionTimeoutMillis). */
  connectMs: number;
  /** One statement, lock waits included, cancelled by the server (statement_timeout); 0: none. */
  statementMs: number;
  /**
   * A transaction left open with no statement running, its session then ended by the server
   * (idle_in_transaction_session_timeout), so that its locks go; 0: none.
   */
  idleInTransactionMs: number;
  /** Silence on a connection before TCP keepalive probes ask whether the far end is still there. */
  keepAliveDelayMs: number;
}

/**
 * The app's limits. No request's statement takes more than a fraction of a second at the
 * bench's scale (10,000 products, 100,000 orders), and exports read in batches of 500: a
 * statement still running after 30 s is stuck (a lock held by a forgotten session, a runaway
 * plan) and holds one of a handful of connections. Between two statements of a transaction the
 * app does only in-process work (a password hash); the payment provider and mail are called
 * outside transactions. Migrations run on a connection of their own without a statement limit.
 */
export const DATABASE_TIME_LIMITS: DatabaseTimeLimits = {
  connectMs: 5_000,
  statementMs: 30_000,
  idleInTransactionMs: 30_000,
  keepAliveDelayMs: 10_000,
};

/**
 * pg's options for a connection with these limits, with `serverOptions` (`-c name=value …`)
 * for the session besides. The server's limits go in the startup packet's `options`, as the
 * app's other session settings do, rather than as startup parameters of their own: a pooler
 * such as PgBouncer refuses a connection with a startup parameter it does not know.
 */
export function timeLimitOptions(limits: DatabaseTimeLimits, serverOptions = '') {
  const options = [
    limits.statementMs > 0 && `-c statement_timeout=${limits.statementMs}`,
    limits.idleInTransactionMs > 0 &&
      `-c idle_in_transaction_session_timeout=${limits.idleInTransactionMs}`,
    serverOptions,
  ].filter(Boolean);
  return {
    connectionTimeoutMillis: limits.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: limits.keepAliveDelayMs,
    ...(options.length > 0 ? { options: options.join(' ') } : {}),
  } satisfies pg.ClientConfig;
}

type Release = (error?: Error | boolean) => void;
type Checkout = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  release: Release,
) => void;

export class ConnectionPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // An idle connection lost: pg-pool has already closed and dropped it. Nothing else to do,
    // but without a listener Node would end the process.
    this.on('error', () => {});
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Checkout): void;
  // pg-pool's own query() checks out through the callback form, so both go through here.
  override connect(callback?: Checkout): Promise<pg.PoolClient> | void {
    if (!callback) {
      return new Promise((resolve, reject) =>
        this.connect((error, client) => (error ? reject(error) : resolve(client!))),
      );
    }
    super.connect((error, client, done: Release) => {
      if (error || !client) {
        callback(new DatabaseUnavailableError(error), undefined, done);
        return;
      }
      let released = false;
      const release: Release = (why) => {
        if (released) return;
        released = true;
        client.removeListener('error', lost);
        done(why);
      };
      const lost = (why: Error) => release(why);
      client.on('error', lost);
      client.release = release;
      callback(undefined, client, release);
    });
  }
}
