/** Work the app repeats in the background while it is up (sweeps, queued mail). */
import type { FastifyInstance } from 'fastify';
import { inBackground } from '../db/statement-count';
import { withDeadline } from './deadline';

export interface PeriodicJob {
  /**
   * Runs the job soon (on the next turn of the event loop) instead of at the next tick; if a
   * run is in progress, one more follows it, so work added meanwhile is not left for the tick.
   */
  runSoon: () => void;
}

/**
 * How long closing the app waits for a run in progress: well inside the 15 s after which a
 * shutdown is forced (main.ts), so the database is still closed cleanly after it.
 */
const CLOSE_GRACE_MS = 8_000;

/**
 * Runs `job` every `everyMs` on an unref'd interval from the moment the app is ready; a run
 * still going when the next is due is not doubled, and a failure is logged as `${name} failed`
 * without stopping later runs. Closing the app stops the timer, aborts the job's signal and
 * waits for a run in progress, so none runs on a closed database; a job that loops over work
 * stops at the next item when the signal is aborted, so closing does not wait for all of it
 * (decision 121). A run stuck in one item (a mail server that stopped answering mid-message)
 * is waited for `closeGraceMs` at most, then left and logged: the app closes and the work
 * stays where the job keeps it, for the next run on any instance. Tests call the job itself
 * instead of waiting.
 */
export function registerPeriodicJob(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  job: (signal: AbortSignal) => Promise<void>,
  { closeGraceMs = CLOSE_GRACE_MS } = {},
): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const closing = new AbortController();
  /** A tick skips a run in progress; a `runSoon` asks for one more after it. */
  const run = (followUp: boolean) => {
    if (closed) return;
    if (running) {
      again ||= followUp;
      return;
    }
    // Its statements are not counted as the app's (db/statement-count.ts).
    running = inBackground(() => job(closing.signal))
      .catch((err: unknown) => app.log.warn({ err }, `${name} failed`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run(false);
        }
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => run(false), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    closing.abort();
    if (!running) return;
    // `running` never rejects: a failed run is logged where it ends.
    const ended = await withDeadline(
      running.then(() => true),
      closeGraceMs,
    );
    if (ended === null)
      app.log.warn({ waitedMs: closeGraceMs }, `${name} still running at close; left to end`);
  });
  return { runSoon: () => void setImmediate(() => run(true)) };
}
