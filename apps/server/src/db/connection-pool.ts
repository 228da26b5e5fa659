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
 */
import pg from 'pg';
import { DatabaseUnavailableError } from '../lib/db-errors';

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
