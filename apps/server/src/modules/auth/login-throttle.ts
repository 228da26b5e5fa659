/**
 * Wrong passwords, counted per account and client address (decision 130). The first few in a
 * row cost nothing; after them that address waits before it may try that account again, and
 * each further wrong password doubles the wait. Other addresses are not slowed down, so
 * nobody can lock an owner out of their account by guessing wrong in their name. A try is
 * counted before its password is checked and forgotten when it was right, so a burst of
 * tries at once cannot slip past the count; the right password from that address clears it.
 */
import { ACCOUNT } from '@otaku/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rateLimited } from '../../lib/rate-limit';

export const WRONG_PASSWORDS = {
  /** Tries in a row an address may get wrong for one account before it waits. */
  free: 5,
  /** The wait after those, doubled by each further wrong password... */
  firstWaitSeconds: 30,
  /** ...up to this. */
  maxWaitSeconds: 60 * 60,
  /** A count with no try for this long starts over. */
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

const { free, firstWaitSeconds, maxWaitSeconds, forgetAfterSeconds } = WRONG_PASSWORDS;
const forgetAfter = sql`make_interval(secs => ${forgetAfterSeconds})`;
/** The wait after `failures` wrong passwords in a row, as an interval (none below `free`). */
const waitAfter = (failures: SQL) =>
  sql`make_interval(secs => case when ${failures} < ${free} then 0 else least(${maxWaitSeconds},
    ${firstWaitSeconds} * power(2, least(${failures} - ${free}, 20))) end)`;

/**
 * Counts a login try of `email` from `address`, or throws 429 (with Retry-After) while that
 * address must wait for that account. One statement, so concurrent tries count one by one.
 */
export async function takeLoginTry(db: Executor, email: string, address: string): Promise<void> {
  const taken = (await db.execute(sql`
    insert into login_failures as f (email, address, failures, last_failed_at)
    values (${email}, ${address}, 1, now())
    on conflict (email, address) do update set
      failures = case when f.last_failed_at <= now() - ${forgetAfter} then 1
                      else f.failures + 1 end,
      last_failed_at = now()
    where f.last_failed_at + ${waitAfter(sql`f.failures`)} <= now()
    returning failures`)) as unknown as { rows: unknown[] };
  if (taken.rows.length > 0) {
    if (Math.random() < 0.01) void forgetOld(db).catch(() => {});
    return;
  }
  const waiting = (await db.execute(sql`
    select ceil(extract(epoch from (last_failed_at + ${waitAfter(sql`failures`)} - now())))::int
      as retry_after
    from login_failures where email = ${email} and address = ${address}`)) as unknown as {
    rows: Array<{ retry_after: number }>;
  };
  const seconds = Math.max(1, Number(waiting.rows[0]?.retry_after ?? 1));
  throw rateLimited(ACCOUNT.tooManyWrongPasswords(seconds), seconds);
}

/** The right password from `address`: its count for `email` starts over. */
export async function clearLoginTries(db: Executor, email: string, address: string) {
  await db.execute(sql`delete from login_failures where email = ${email} and address = ${address}`);
}

/**
 * A password reset proves the address's owner is the one asking: every count against the
 * account starts over, so the owner is not kept waiting by their own earlier mistakes.
 */
export async function clearAccountLoginTries(db: Executor, email: string) {
  await db.execute(sql`delete from login_failures where email = ${email}`);
}

/** Counts nobody has added to for a day are dead weight; an occasional try clears them. */
async function forgetOld(db: Executor): Promise<void> {
  await db.execute(sql`delete from login_failures where last_failed_at < now() - ${forgetAfter}`);
}
