/** Work the app repeats in the background while it is up (sweeps of what nobody holds). */
import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` every `everyMs` on an unref'd interval from the moment the app is ready; a run
 * still going when the next is due is not doubled, and a failure is logged as `${name} failed`
 * without stopping later runs. Closing the app stops the timer and waits for a run in
 * progress, so none runs on a closed database. Tests call the job itself instead of waiting.
 */
export function registerPeriodicJob(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  job: () => Promise<void>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= job()
        .catch((err: unknown) => app.log.warn({ err }, `${name} failed`))
        .finally(() => (running = undefined));
    }, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
