/**
 * Card refunds of cancelled pre-order lines (decision 169), sent through a queue in the
 * database as the order mails are (decision 109): the cancellation writes the refund's row in
 * its own transaction, so a refund is owed exactly when its line is cancelled. A sender on
 * every instance takes owed rows with SKIP LOCKED, pushing each one's next try out as it takes
 * it (5, 5, 5, 8, 16, 32, 60, 60 minutes: never sooner than a provider call can last, so no two
 * calls for one refund overlap). Each try asks the provider under a key of its own and with the
 * row's id kept on the refund, and the provider first looks for a refund made by an earlier try
 * (its answer lost in a crash or a timeout), so the money goes back once. Each write after a call
 * holds only while the row is still as the call took it. The cancelling request settles its own
 * refund at once, so the shopper usually reads "refunded". Staff see the failed ones, try them
 * again or mark them refunded by hand (decision 173).
 */
import {
  FAILED_REFUNDS_SHOWN,
  REFUND_PROBLEMS,
  toDollars,
  type FailedRefund,
  type RefundStatus,
} from '@otaku/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { withDeadline } from '../../lib/deadline';
import { conflict, notFound } from '../../lib/errors';
import { registerPeriodicJob } from '../../lib/periodic';
import { oweOrderMailAgain } from '../orders/orders.repo';
import type { PaymentProvider } from './payment-provider';

/** The longest reason kept with a refund for staff to read. */
const REASON_MAX_LENGTH = 500;
const reasonOf = (reason: string) => reason.slice(0, REASON_MAX_LENGTH);

/**
 * The least time before a refund taken is due again: longer than a provider call can last (a
 * Stripe refund is two requests of at most 20 s, each retried once), so a second call for the
 * same refund never starts while the first may still be waiting.
 */
const LEASE_SECONDS = 300;
/** How long a staff member's or shopper's request waits for the provider to take a refund. */
export const REFUND_WAIT_MS = 8_000;

/** Refunds taken per statement; a run loops until no owed refund is due. */
const BATCH = 20;
/** Tries before a refund is given up as failed (and logged as an error for staff). */
export const REFUND_TRIES = 8;
/** How often each instance looks for owed refunds besides being woken. */
const EVERY_MS = 30_000;

export interface RefundDeps {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

interface Due {
  id: string;
  orderId: string | null;
  provider: string;
  sessionId: string;
  amountCents: number;
  attempts: number;
  staffRetries: number;
  /** The provider's ids of the shop's other refunds of the same payment. */
  otherRefundIds: string[];
  /** What staff gave back by hand on the same payment (decision 173). */
  byHandCents: number;
}

/** Takes up to BATCH due refunds (only those in `ids`, when given), each try pushed out. */
async function claimDue(db: Db, ids: readonly string[] | null): Promise<Due[]> {
  const only =
    ids === null
      ? sql``
      : sql`and id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const rows = rowsOf<{
    id: string;
    order_id: string | null;
    provider: string;
    session_id: string;
    amount_cents: number;
    attempts: number;
    staff_retries: number;
    other_refund_ids: string[] | null;
    by_hand_cents: number | string;
  }>(
    await db.execute(sql`
      with due as (
        select id from order_refunds
        where status = 'owed' and not_before <= now() ${only}
        order by not_before
        limit ${BATCH}
        for update skip locked
      )
      update order_refunds r
      set attempts = r.attempts + 1,
          not_before = now() + make_interval(
            secs => greatest(${LEASE_SECONDS}, least(3600, 60 * power(2, r.attempts))))
      from due where r.id = due.id
      returning r.id, r.order_id, r.provider, r.session_id, r.amount_cents, r.attempts,
        r.staff_retries,
        array(select o.provider_refund_id from order_refunds o
              where o.session_id = r.session_id and o.id <> r.id
                and o.provider_refund_id is not null) as other_refund_ids,
        (select coalesce(sum(o.amount_cents), 0) from order_refunds o
         where o.session_id = r.session_id and o.id <> r.id and o.status = 'refunded'
           and o.provider_refund_id is null) as by_hand_cents`),
  );
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    provider: r.provider,
    sessionId: r.session_id,
    amountCents: Number(r.amount_cents),
    attempts: Number(r.attempts),
    staffRetries: Number(r.staff_retries),
    otherRefundIds: r.other_refund_ids ?? [],
    byHandCents: Number(r.by_hand_cents),
  }));
}

async function settle(deps: RefundDeps, refund: Due): Promise<'refunded' | 'failed' | 'owed'> {
  const { db, log } = deps;
  const about = { refundId: refund.id, attempts: refund.attempts };
  // Each write holds only while the row is as this call took it: owed, at this try.
  const asTaken = sql`id = ${refund.id}::uuid and status = 'owed' and attempts = ${refund.attempts}`;
  const giveUp = async (reason: string) => {
    await db.execute(sql`
      update order_refunds set status = 'failed', last_error = ${reasonOf(reason)}
      where ${asTaken}`);
    log.error({ ...about, reason }, 'card refund failed; the customer is owed it');
    return 'failed' as const;
  };
  const tryLater = async (reason: string) => {
    await db.execute(
      sql`update order_refunds set last_error = ${reasonOf(reason)} where ${asTaken}`,
    );
    return 'owed' as const;
  };
  if (refund.provider !== deps.provider.name) {
    // Owed through a provider the shop no longer runs: it stays owed until its tries are spent.
    if (refund.attempts >= REFUND_TRIES) return giveUp(`owed through ${refund.provider}`);
    log.warn({ ...about, provider: refund.provider }, 'card refund owed through another provider');
    return tryLater(`owed through ${refund.provider}`);
  }
  try {
    const outcome = await deps.provider.refund({
      sessionId: refund.sessionId,
      amountCents: refund.amountCents,
      refundId: refund.id,
      // Each try asks under a key of its own: Stripe replays a key's first answer for a day,
      // its trouble (a 500) included, so a later try under the same key could never succeed.
      // The key still makes the client's own resend of one try the same request, and the
      // provider finds a refund an earlier try made by the id it carries (`refundId`).
      key: `${refund.id}.${refund.staffRetries}.${refund.attempts}`,
      known: { refundIds: refund.otherRefundIds, byHandCents: refund.byHandCents },
    });
    if (!outcome.refunded) return await giveUp(outcome.reason);
    const recorded = await db.transaction(async (tx) => {
      const made = rowsOf(
        await tx.execute(sql`
          update order_refunds set status = 'refunded', provider_refund_id = ${outcome.refundId},
            refunded_at = now()
          where ${asTaken}
          returning id`),
      );
      // Made on a staff member's retry: its shopper was told it failed, and hears it is made.
      if (made.length > 0 && refund.staffRetries > 0 && refund.orderId !== null)
        await oweOrderMailAgain(tx, refund.orderId, 'refund-made');
      return made;
    });
    // The money went back, but the row had changed meanwhile (which the lease should prevent).
    if (recorded.length === 0)
      log.error(
        { ...about, providerRefundId: outcome.refundId },
        'card refund made after its row changed; check it was not refunded twice',
      );
    return 'refunded';
  } catch (err) {
    if (refund.attempts >= REFUND_TRIES) return giveUp(String(err));
    log.warn({ ...about, err }, 'card refund failed; will retry');
    return tryLater(String(err));
  }
}

/**
 * Settles the refunds that are due (only `ids`, when given); returns how many were refunded,
 * failed for good, or stay owed. Stops between refunds once `signal` is aborted: a refund taken
 * but not tried is due again at its pushed-out time.
 */
export async function settleDueRefunds(
  deps: RefundDeps,
  { ids = null, signal }: { ids?: readonly string[] | null; signal?: AbortSignal } = {},
) {
  const result = { refunded: 0, failed: 0, owed: 0 };
  while (!signal?.aborted) {
    const due = await claimDue(deps.db, ids);
    for (const refund of due) {
      if (signal?.aborted) return result;
      result[await settle(deps, refund)] += 1;
    }
    if (due.length < BATCH || ids !== null) return result;
  }
  return result;
}

export interface Refunds {
  /** Asks the provider for these refunds now; what is not refunded stays owed for the sender. */
  settleNow: (ids: readonly string[]) => Promise<void>;
}

/** Runs the refund sender every 30 s while the app is up. */
export function registerRefunds(app: FastifyInstance, provider: PaymentProvider): Refunds {
  const deps = (log: FastifyBaseLogger = app.log): RefundDeps => ({
    db: app.database.db,
    provider,
    log,
  });
  registerPeriodicJob(app, 'card refunds', EVERY_MS, async (signal) => {
    await settleDueRefunds(deps(), { signal });
  });
  return {
    settleNow: async (ids) => {
      if (ids.length > 0) await settleDueRefunds(deps(), { ids });
    },
  };
}

/** The failed refunds staff are shown (decision 173), and how many there are in all. */
export async function failedRefunds(db: Db): Promise<{ total: number; refunds: FailedRefund[] }> {
  const rows = rowsOf<{
    id: string;
    order_id: string | null;
    order_number: string | null;
    customer_email: string | null;
    product_name: string | null;
    amount_cents: number;
    attempts: number;
    last_error: string | null;
    created_at: Date | string;
    total: number | string;
  }>(
    await db.execute(sql`
      select r.id, r.order_id, o.order_number, o.customer_email, l.product_name, r.amount_cents,
        r.attempts, r.last_error, r.created_at, count(*) over () as total
      from order_refunds r
      left join orders o on o.id = r.order_id
      left join order_lines l on l.id = r.line_id
      where r.status = 'failed'
      order by r.created_at, r.id
      limit ${FAILED_REFUNDS_SHOWN}`),
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    refunds: rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      orderNumber: r.order_number,
      customerEmail: r.customer_email,
      productName: r.product_name,
      amount: toDollars(Number(r.amount_cents)),
      tries: Number(r.attempts),
      reason: r.last_error,
      owedSince: new Date(r.created_at).toISOString(),
    })),
  };
}

export interface RefundState {
  status: RefundStatus;
  amountCents: number;
  lastError: string | null;
  orderId: string | null;
}

/** The columns a refund's state is read from, and the row they make. */
const stateColumns = sql`status, amount_cents, last_error, order_id`;
interface StateRow {
  status: RefundStatus;
  amount_cents: number;
  last_error: string | null;
  order_id: string | null;
}

function stateOfRow(row: StateRow | undefined): RefundState | undefined {
  return (
    row && {
      status: row.status,
      amountCents: Number(row.amount_cents),
      lastError: row.last_error,
      orderId: row.order_id,
    }
  );
}

async function stateOf(db: Executor, id: string): Promise<RefundState | undefined> {
  return stateOfRow(
    rowsOf<StateRow>(
      await db.execute(sql`select ${stateColumns} from order_refunds where id = ${id}::uuid`),
    )[0],
  );
}

/**
 * Changes a refund only while it is failed: a second staff member acting on it at the same
 * time, or a retry and a "refunded by hand" together, find it changed and are told so (409).
 */
async function changeFailed(db: Executor, id: string, change: SQL): Promise<RefundState> {
  const changed = stateOfRow(
    rowsOf<StateRow>(
      await db.execute(sql`
        update order_refunds set ${change}
        where id = ${id}::uuid and status = 'failed'
        returning ${stateColumns}`),
    )[0],
  );
  if (changed) return changed;
  // Not changed: no such refund, or it is no longer failed.
  if (!(await stateOf(db, id))) throw notFound(REFUND_PROBLEMS.notFound);
  throw conflict(REFUND_PROBLEMS.notFailed);
}

/**
 * Tries a failed refund again at once (decision 173): owed again with its tries counted afresh
 * and a new staff round (so a new idempotency key), then asked of the provider, which first
 * looks for a refund an earlier try made, so none is made twice. What the provider answers
 * within the wait is what the refund now is.
 */
export async function retryFailedRefund(
  db: Db,
  refunds: Refunds,
  id: string,
): Promise<RefundState> {
  await changeFailed(
    db,
    id,
    sql`status = 'owed', attempts = 0, not_before = now(), last_error = null,
      staff_retries = staff_retries + 1`,
  );
  // Past the wait the call goes on, and the sender records what came of it.
  await withDeadline(
    refunds.settleNow([id]).catch(() => undefined),
    REFUND_WAIT_MS,
  );
  return (await stateOf(db, id))!;
}

/**
 * Records that staff refunded a failed refund themselves, and who (decision 173); its order owes
 * its shopper the mail that the refund is made.
 */
export const markRefundedByHand = (db: Db, id: string, staff: { id: string; username: string }) =>
  db.transaction(async (tx) => {
    const state = await changeFailed(
      tx,
      id,
      sql`status = 'refunded', refunded_at = now(), refunded_by_hand_by = ${staff.id}::uuid,
        refunded_by_hand_name = ${staff.username}`,
    );
    if (state.orderId !== null) await oweOrderMailAgain(tx, state.orderId, 'refund-made');
    return state;
  });
