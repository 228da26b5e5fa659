/**
 * Fixed-window rate limits kept in the database (table rate_limits), so every app instance
 * sharing it counts the same hits. One atomic upsert per hit: no read-then-write race.
 *
 *   const LOGIN_PER_IP = { name: 'login:ip', limit: 50, windowSeconds: 900 };
 *   await enforceRateLimit(db, LOGIN_PER_IP, request.ip, ACCOUNT.tooManyLogins);
 */
import { sql } from 'drizzle-orm';
import { isPostgresDatabase, type Executor } from '../db/client';
import { rowsOf } from '../db/prepared';
import { AppError } from './errors';

export interface RateLimitRule {
  /** Namespaces the counter, e.g. 'login:ip'. */
  name: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  remaining: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

/** Counts one hit for `subject` under `rule` and tells whether it is within the limit. */
export async function hitRateLimit(
  db: Executor,
  rule: RateLimitRule,
  subject: string,
): Promise<RateLimitResult> {
  const key = keyOf(rule, subject);
  const window = `${rule.windowSeconds} seconds`;
  const result = (await db.execute(sql`
    insert into rate_limits (key, hits, reset_at)
    values (${key}, 1, now() + ${window}::interval)
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at
                      else rate_limits.reset_at end
    returning hits, ceil(extract(epoch from (reset_at - now())))::int as retry_after`)) as unknown as {
    rows: Array<{ hits: number; retry_after: number }>;
  };
  const row = result.rows[0]!;
  const hits = Number(row.hits);
  sweepNowAndThen(db);
  return {
    allowed: hits <= rule.limit,
    hits,
    remaining: Math.max(0, rule.limit - hits),
    // Never longer than a window (a window opened by a transaction that began later than this
    // one's clock ends up to a second past it).
    retryAfterSeconds: Math.min(rule.windowSeconds, Math.max(1, Number(row.retry_after))),
  };
}

/**
 * Counts a hit and throws 429 (code RATE_LIMITED, with `retryAfterSeconds` in the body and a
 * Retry-After header) when the limit is passed. `message` turns the wait into words.
 */
export async function enforceRateLimit(
  db: Executor,
  rule: RateLimitRule,
  subject: string,
  message: (retryAfterSeconds: number) => string,
): Promise<void> {
  const result = await hitRateLimit(db, rule, subject);
  if (!result.allowed)
    throw rateLimited(message(result.retryAfterSeconds), result.retryAfterSeconds);
}

/** One counter a call is counted against: a rule and whom it counts (an account, an address). */
export interface RateLimitHit {
  rule: RateLimitRule;
  subject: string;
}

/**
 * The counters of `hits` as the arguments of `rate_limit_count` (db/functions/rate-limits.sql):
 * their keys, windows and limits, each an array in the same order.
 */
export function rateLimitArgs(hits: readonly RateLimitHit[]) {
  return {
    keys: hits.map((h) => keyOf(h.rule, h.subject)),
    windows: hits.map((h) => h.rule.windowSeconds),
    limits: hits.map((h) => h.rule.limit),
  };
}

/** The 429 of a call a counter refused, `retryAfter` seconds (at least 1) from its window's end. */
export function limitPassed(
  retryAfter: number,
  message: (retryAfterSeconds: number) => string,
): AppError {
  const wait = Math.max(1, retryAfter);
  return rateLimited(message(wait), wait);
}

/** Old windows are dead weight: every count clears them now and then. */
export function sweepNowAndThen(ex: Executor): void {
  if (Math.random() < 0.01) void sweepExpired(ex).catch(() => {});
}

/**
 * Counts one hit on each counter in a single statement (one round trip, however many rules,
 * `rate_limit_count`), and throws the 429 of `enforceRateLimit` when any passed its limit, with
 * the longest wait. For calls on a hot path: on PostgreSQL's database itself (not in a
 * transaction) the commit does not wait for the disk, so a counter many calls share (one
 * address) is held only for the moment of its update (decision 101 explains the setting; a
 * count lost in a crash of PostgreSQL only forgives a few hits).
 */
export async function enforceRateLimits(
  ex: Executor,
  hits: readonly RateLimitHit[],
  message: (retryAfterSeconds: number) => string,
): Promise<void> {
  if (hits.length === 0) return;
  const { keys, windows, limits } = rateLimitArgs(hits);
  const noWait = isPostgresDatabase(ex)
    ? sql`cross join (select set_config('synchronous_commit', 'off', true)) as setting`
    : sql``;
  const [row] = rowsOf<{ retry_after: number | null }>(
    await ex.execute(sql`select max(c.retry_after) filter (where c.refused) as retry_after
      from rate_limit_count(${sql.param(keys)}::text[], ${sql.param(windows)}::int[],
        ${sql.param(limits)}::int[]) c ${noWait}`),
  );
  sweepNowAndThen(ex);
  if (row?.retry_after != null) throw limitPassed(Number(row.retry_after), message);
}

/** Forgets the hits of `subject`, e.g. a successful login clears that account's failures. */
export async function resetRateLimit(
  db: Executor,
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${keyOf(rule, subject)}`);
}

export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError(429, message, 'RATE_LIMITED', undefined, { retryAfterSeconds });
}

/** Old windows are dead weight; an occasional hit clears them. */
async function sweepExpired(db: Executor): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}
