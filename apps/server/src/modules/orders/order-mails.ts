/**
 * Order confirmation e-mails (decision 109), sent through a queue in the database: placing an
 * order writes its row in `order_mails` in the order's own transaction (orders.repo.ts), so a
 * confirmation is owed exactly when an order exists. A sender on every instance takes due rows
 * with SKIP LOCKED, pushing each one's next try out as it takes it (1, 2, 4 … 60 minutes, 8
 * tries), and deletes the row once the mail is out. A crash between sending and deleting sends
 * that mail again: at least once, never lost.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { registerPeriodicJob } from '../../lib/periodic';
import type { Mailer } from '../mail/mailer';
import { orderConfirmationMail } from '../mail/order-mail';
import { orderForMail } from './orders.repo';

/** Mails taken per statement; a run loops until no due mail is left. */
const BATCH = 20;
/** Tries before a confirmation is given up (and logged as an error). */
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
  const rows = rowsOf<{ order_id: string; attempts: number }>(
    await db.execute(sql`
      with due as (
        select order_id from order_mails
        where not_before <= now() and attempts < ${ORDER_MAIL_TRIES}
        order by not_before
        limit ${BATCH}
        for update skip locked
      )
      update order_mails m
      set attempts = m.attempts + 1,
          not_before = now() + make_interval(secs => least(3600, 60 * power(2, m.attempts)))
      from due where m.order_id = due.order_id
      returning m.order_id, m.attempts`),
  );
  return rows.map((r) => ({ orderId: r.order_id, attempts: Number(r.attempts) }));
}

/** Sends every confirmation that is due; returns how many went out and how many failed. */
export async function sendDueOrderMails(deps: OrderMailDeps) {
  const { db, log } = deps;
  const result = { sent: 0, failed: 0 };
  for (;;) {
    const due = await claimDue(db);
    for (const { orderId, attempts } of due) {
      const order = await orderForMail(db, orderId);
      try {
        if (order) await deps.mailer.send(orderConfirmationMail(order, deps.shopUrl));
        await db.execute(sql`delete from order_mails where order_id = ${orderId}::uuid`);
        if (order) result.sent += 1;
      } catch (err) {
        result.failed += 1;
        const orderNumber = order?.orderNumber;
        if (attempts >= ORDER_MAIL_TRIES)
          log.error({ err, orderNumber, attempts }, 'order confirmation e-mail given up');
        else
          log.warn({ err, orderNumber, attempts }, 'order confirmation e-mail failed; will retry');
      }
    }
    if (due.length < BATCH) return result;
  }
}

export interface OrderMailer {
  /** Sends what is due soon, without waiting for the next round: a new order was placed. */
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
  const job = registerPeriodicJob(app, 'order confirmation mail', EVERY_MS, async () => {
    await sendDueOrderMails(deps());
  });
  return { wake: job.runSoon };
}
