/**
 * How long order e-mails are kept (decision 121). A sent one is removed ORDER_MAIL_KEPT_DAYS
 * after it went out (sending it again starts its days anew); one not sent, still being tried
 * or given up, stays while its order does, because the dashboard shows it and can send it
 * again (decision 115). Run, like the other sweeps, by a periodic job on every instance: once
 * soon after start and then daily; two instances pruning at once skip each other's rows.
 */
import { ORDER_MAIL_KEPT_DAYS } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { registerPeriodicJob } from '../../lib/periodic';

const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;
/** Rows removed per statement, so a first prune of a large table holds no long lock. */
const BATCH = 1_000;

export interface PruneOptions {
  keptDays?: number;
  batch?: number;
  /** Aborted when the app closes: the prune stops after the statement it is running. */
  signal?: AbortSignal;
}

/** Removes the order e-mails sent more than `keptDays` ago; how many it removed. */
export async function pruneSentOrderMails(db: Db, options: PruneOptions = {}): Promise<number> {
  const { keptDays = ORDER_MAIL_KEPT_DAYS, batch = BATCH, signal } = options;
  let removed = 0;
  while (!signal?.aborted) {
    const rows = rowsOf<{ order_id: string }>(
      await db.execute(sql`
        delete from order_mails m using (
          select order_id, kind from order_mails
          where sent_at < now() - make_interval(days => ${keptDays}::int)
          limit ${batch}
          for update skip locked
        ) old
        where m.order_id = old.order_id and m.kind = old.kind
        returning m.order_id`),
    );
    removed += rows.length;
    if (rows.length < batch) break;
  }
  return removed;
}

/** Prunes the sent order e-mails soon after the app is ready, then every day. */
export function registerOrderMailPrune(app: FastifyInstance): void {
  const job = registerPeriodicJob(app, 'order mail prune', PRUNE_EVERY_MS, async (signal) => {
    const removed = await pruneSentOrderMails(app.database.db, { signal });
    if (removed > 0) app.log.info({ removed }, 'removed order e-mails past their keeping');
  });
  app.addHook('onReady', async () => job.runSoon());
}
