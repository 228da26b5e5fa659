/**
 * What `Database.statements()` counts: the statements the app issues for requests and callers,
 * not those of its background jobs (lib/periodic.ts runs each job's run inside `inBackground`).
 * A job's tick that falls inside a request would otherwise add its statements to the request's
 * count, which the tests' and the bench's statement budgets read.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/** Runs `work` as background work: its statements are not counted. */
export function inBackground<T>(work: () => T): T {
  return background.run(true, work);
}

/** Whether the caller runs as background work. */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}
