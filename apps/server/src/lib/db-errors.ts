/** Connection-level failures (the database is down or unreachable), as opposed to bad queries. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  // A statement past statement_timeout, or a transaction past
  // idle_in_transaction_session_timeout (db/connection-pool.ts): the database is stuck or
  // overloaded, which the caller can only wait out.
  '57014', // query_canceled
  '25P03', // idle_in_transaction_session_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/**
 * No connection to the database could be had (db/connection-pool.ts): refused, timed out, or
 * a database not accepting connections. Whatever the driver said, the database is unavailable.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(cause: unknown) {
    super('No connection to the database could be opened.', { cause });
  }
}

/**
 * What the driver says of a connection it has lost (pg's own words): the server closed it, or
 * a statement was sent on one that had already failed or been closed (a ROLLBACK after the
 * connection died mid-transaction).
 */
const LOST_CONNECTION =
  /Connection terminated|is not queryable|timeout exceeded when trying to connect/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/** The SQLSTATE of a database error, looking through wrappers such as Drizzle's. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a database error names (a check, unique or foreign key), through wrappers. */
export function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint) return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
