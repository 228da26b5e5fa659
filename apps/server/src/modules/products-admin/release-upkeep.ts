/**
 * Pre-orders become ordinary stock on their release date by themselves (decision 167). Reads
 * never wait for it: every read treats a release date that has come as released. The upkeep
 * makes the stored rows say so and drops the catalog answers kept from the day before: at
 * start, and then on the first minute of each new day of the shop's calendar. It asks the
 * clock every minute, and the database only when the day it last saw there has passed, so a
 * quiet shop sends it one statement a day per instance. The database's day decides: an app
 * clock a little ahead of the database's runs it again the next minute.
 */
import { shopToday } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { registerPeriodicJob } from '../../lib/periodic';
import { releaseDuePreorders } from './products-admin.repo';

export const RELEASE_UPKEEP_EVERY_MS = 60_000;

export function registerReleaseUpkeep(app: FastifyInstance): void {
  let doneFor: string | undefined;
  const job = registerPeriodicJob(app, 'pre-order release', RELEASE_UPKEEP_EVERY_MS, async () => {
    if (doneFor !== undefined && shopToday() <= doneFor) return;
    const run = await releaseDuePreorders(app.database.db);
    doneFor = run.today;
    if (run.released.length > 0) app.log.info({ products: run.released }, 'released pre-orders');
  });
  // A start after a release day (the shop was down at midnight) releases at once.
  app.addHook('onReady', async () => job.runSoon());
}
