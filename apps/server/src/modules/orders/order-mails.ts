/**
 * The e-mails of an order (decision 109), sent through a queue in the database: placing an
 * order writes its confirmation's row in `order_mails` in the order's own statement
 * (orders.repo.ts), and marking it shipped writes the "shipped" row in the same transaction, so
 * a mail is owed exactly when its reason exists. A sender on every instance takes due rows with
 * SKIP LOCKED, pushing each one's next try out as it takes it (1, 2, 4 … 60 minutes, 8 tries),
 * and marks the row sent once the mail is out. A crash between sending and marking sends that
 * mail again: at least once, never lost.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { registerPeriodicJob } from '../../lib/periodic';
import type { Mailer } from '../mail/mailer';
import type { OrderMailKind } from '@otaku/shared';
import { orderMail } from '../mail/order-mail';
import { registerOrderMailPrune } from './order-mail-retention';
import { ordersForMail } from './orders.repo';

/** Mails taken per statement; a run loops until no due mail is left. */
const BATCH = 20;
/** Tries before a mail is given up (and logged as an error). */
export const ORDER_MAIL_TRIES = 8;
/** How often each instance looks for due mail besides being woken by a new order. */
const EVERY_MS = 15_000;

export interface OrderMailDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  shopUrl: string;
}

/** Takes up to BATCH due mails, each with its next try already pushed out. */
async function claimDue(db: Db) {
  const rows = rowsOf<{ order_id: string; kind: OrderMailKind; attempts: number; version: number }>(
    await db.execute(sql`
      with due as (
        select order_id, kind from order_mails
        where sent_at is null and not_before <= now() and attempts < ${ORDER_MAIL_TRIES}
        order by not_before
        limit ${BATCH}
        for update skip locked
      )
      update order_mails m
      set attempts = m.attempts + 1,
          -- The last try leaves the row out of every later look for due mail.
          not_before = case when m.attempts + 1 >= ${ORDER_MAIL_TRIES} then 'infinity'
            else now() + make_interval(secs => least(3600, 60 * power(2, m.attempts))) end
      from due where m.order_id = due.order_id and m.kind = due.kind
      returning m.order_id, m.kind, m.attempts, m.version`),
  );
  return rows.map((r) => ({
    orderId: r.order_id,
    kind: r.kind,
    attempts: Number(r.attempts),
    version: Number(r.version),
  }));
}

type Claimed = Awaited<ReturnType<typeof claimDue>>;

/** Mails taken but not tried: due again at once, with the try they were charged given back. */
async function giveBack(db: Db, mails: Claimed) {
  if (mails.length === 0) return;
  const keys = mails.map((m) => sql`(${m.orderId}::uuid, ${m.kind})`);
  await db.execute(sql`
    update order_mails set attempts = greatest(attempts - 1, 0), not_before = now()
    where sent_at is null and (order_id, kind) in (${sql.join(keys, sql`, `)})`);
}

/**
 * Sends every order mail that is due; returns how many went out and how many failed. When
 * `signal` is aborted (the app is closing) it stops before the next mail and gives back the
 * ones it took, so closing waits for one mail at most, not the whole queue.
 */
export async function sendDueOrderMails(deps: OrderMailDeps, signal?: AbortSignal) {
  const { db, log } = deps;
  const result = { sent: 0, failed: 0 };
  while (!signal?.aborted) {
    const due = await claimDue(db);
    const orders = await ordersForMail(db, [...new Set(due.map((d) => d.orderId))]);
    for (const [i, { orderId, kind, attempts, version }] of due.entries()) {
      if (signal?.aborted) {
        await giveBack(db, due.slice(i));
        return result;
      }
      // A row outlives its order only by an instant: deleting an order deletes its rows.
      const order = orders.get(orderId);
      if (!order) continue;
      try {
        await deps.mailer.send(orderMail(kind, order, deps.shopUrl));
        // Owed again while this one was out (a further cancellation): left due, so it goes too.
        await db.execute(
          sql`update order_mails set sent_at = now()
            where order_id = ${orderId}::uuid and kind = ${kind} and version = ${version}`,
        );
        result.sent += 1;
      } catch (err) {
        result.failed += 1;
        const about = { err, orderNumber: order.orderNumber, kind, attempts };
        if (attempts >= ORDER_MAIL_TRIES) log.error(about, 'order e-mail given up');
        else log.warn(about, 'order e-mail failed; will retry');
      }
    }
    if (due.length < BATCH) return result;
  }
  return result;
}

export interface OrderMailer {
  /** Sends what is due soon, without waiting for the next round: an order mail was owed. */
  wake: () => void;
}

/** Runs the sender every 15 s while the app is up, and whenever `wake` is called. */
export function registerOrderMailer(app: FastifyInstance): OrderMailer {
  const deps = (): OrderMailDeps => ({
    db: app.database.db,
    mailer: app.mailer,
    log: app.log,
    shopUrl: app.config.publicUrl,
  });
  const job = registerPeriodicJob(app, 'order mail', EVERY_MS, async (signal) => {
    await sendDueOrderMails(deps(), signal);
  });
  return { wake: job.runSoon };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The order mail sender (decision 109): wake it when an order mail was owed. */
    orderMails: OrderMailer;
  }
}

/**
 * Decorates the API with the order mail sender, for the checkout and the dashboard, and
 * prunes the mails sent long ago (order-mail-retention.ts).
 */
export const orderMailPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('orderMails', registerOrderMailer(app));
  registerOrderMailPrune(app);
});
