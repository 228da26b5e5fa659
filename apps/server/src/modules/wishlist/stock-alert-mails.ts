/**
 * The back-in-stock e-mails (decision 168), sent as the order e-mails are (decisions 109, 121):
 * the trigger on product_variants makes an alert's mail due in the transaction that gave units
 * back; a sender on every instance takes due alerts with SKIP LOCKED, pushing each one's next try
 * out as it takes it (1, 2, 4 … 60 minutes, 8 tries), and marks it sent once the mail is out.
 * Two instances never take the same alert; a crash between sending and marking sends it again.
 */
import { ORDER_MAIL_KEPT_DAYS } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { registerPeriodicJob } from '../../lib/periodic';
import type { Mailer } from '../mail/mailer';
import { stockAlertMail, type MailedAlert } from '../mail/stock-alert-mail';
import { unsubscribeToken } from './unsubscribe-token';

/** Mails taken per statement; a run loops until no due mail is left. */
const BATCH = 20;
/** Tries before a mail is given up (and logged as an error), as for order mails. */
export const STOCK_ALERT_MAIL_TRIES = 8;
/** How often each instance looks for due mail besides being woken by a staff edit. */
const EVERY_MS = 15_000;
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

export interface StockAlertMailDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  shopUrl: string;
  secret: string;
}

type DueAlert = MailedAlert & { id: number; userId: string; attempts: number };

/** Takes up to BATCH due alerts, each with its next try already pushed out. */
async function claimDue(db: Db): Promise<DueAlert[]> {
  const rows = rowsOf<DueAlert>(
    await db.execute(sql`
      with due as (
        select id from stock_alerts
        where notified_at is not null and sent_at is null and not_before <= now()
          and attempts < ${STOCK_ALERT_MAIL_TRIES}
        order by not_before, id
        limit ${BATCH}
        for update skip locked
      ), taken as (
        update stock_alerts a
        set attempts = a.attempts + 1,
            not_before = case when a.attempts + 1 >= ${STOCK_ALERT_MAIL_TRIES} then 'infinity'
              else now() + make_interval(secs => least(3600, 60 * power(2, a.attempts))) end
        from due where a.id = due.id
        returning a.id, a.user_id, a.product_id, a.variant, a.attempts
      )
      select t.id, t.user_id as "userId", t.attempts, t.product_id as "productId", t.variant,
        p.name as "productName", u.email, u.username
      from taken t join products p on p.id = t.product_id join users u on u.id = t.user_id
      order by t.id`),
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

/** Alerts taken but not tried: due again at once, with the try they were charged given back. */
async function giveBack(db: Db, alerts: readonly DueAlert[]) {
  if (alerts.length === 0) return;
  const ids = sql.join(
    alerts.map((a) => sql`${a.id}::bigint`),
    sql`, `,
  );
  await db.execute(sql`
    update stock_alerts set attempts = attempts - 1, not_before = now()
    where sent_at is null and id in (${ids})`);
}

/**
 * Sends every back-in-stock mail that is due; returns how many went out and how many failed.
 * When `signal` is aborted (the app is closing) it stops before the next mail and gives back
 * the ones it took.
 */
export async function sendDueStockAlertMails(deps: StockAlertMailDeps, signal?: AbortSignal) {
  const { db, log } = deps;
  const result = { sent: 0, failed: 0 };
  while (!signal?.aborted) {
    const due = await claimDue(db);
    for (const [i, alert] of due.entries()) {
      if (signal?.aborted) {
        await giveBack(db, due.slice(i));
        return result;
      }
      try {
        const token = unsubscribeToken(deps.secret, alert.userId);
        await deps.mailer.send(stockAlertMail(alert, deps.shopUrl, token));
        await db.execute(sql`update stock_alerts set sent_at = now() where id = ${alert.id}`);
        result.sent += 1;
      } catch (err) {
        result.failed += 1;
        const about = { err, alert: alert.id, attempts: alert.attempts };
        if (alert.attempts >= STOCK_ALERT_MAIL_TRIES)
          log.error(about, 'back-in-stock e-mail given up');
        else log.warn(about, 'back-in-stock e-mail failed; will retry');
      }
    }
    if (due.length < BATCH) return result;
  }
  return result;
}

/** Removes the alerts whose mail went out, or was given up, more than `keptDays` ago. */
export async function pruneOldStockAlerts(db: Db, keptDays = ORDER_MAIL_KEPT_DAYS) {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      delete from stock_alerts
      where notified_at < now() - make_interval(days => ${keptDays}::int)
        and (sent_at is not null or attempts >= ${STOCK_ALERT_MAIL_TRIES})
      returning id`),
  );
  return rows.length;
}

/**
 * Runs the sender every 15 s while the app is up, and at once after any change to the catalog
 * that is not only stock (a staff edit, which is how most stock comes back; the stock that
 * carts give back waits for the next round, so adding to a cart never wakes it); prunes daily.
 */
export const stockAlertMailPlugin = fp(async (app: FastifyInstance) => {
  const deps = (): StockAlertMailDeps => ({
    db: app.database.db,
    mailer: app.mailer,
    log: app.log,
    shopUrl: app.config.publicUrl,
    secret: app.config.jwtSecret,
  });
  const job = registerPeriodicJob(app, 'back-in-stock mail', EVERY_MS, async (signal) => {
    await sendDueStockAlertMails(deps(), signal);
  });
  const stop = app.database.changes.catalog.subscribe((stockOf) => {
    if (!stockOf) job.runSoon();
  });
  app.addHook('onClose', async () => stop());
  registerPeriodicJob(app, 'back-in-stock alert prune', PRUNE_EVERY_MS, async () => {
    await pruneOldStockAlerts(app.database.db);
  });
});
