import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerPeriodicJob } from './periodic';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, for up to 5 s. */
async function until(done: () => boolean) {
  for (let waited = 0; !done() && waited < 5000; waited += 10) await pause(10);
}

describe('registerPeriodicJob', () => {
  it('runs the job from ready on, never two runs at once, and close waits for the run', async () => {
    const app = Fastify({ logger: false });
    let runs = 0;
    let running = 0;
    let most = 0;
    let ended = 0;
    registerPeriodicJob(app, 'test job', 5, async () => {
      runs += 1;
      most = Math.max(most, ++running);
      await pause(30);
      running -= 1;
      ended += 1;
    });
    await pause(30);
    expect(runs).toBe(0);
    await app.ready();
    await until(() => runs >= 3);
    await app.close();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    expect(ended).toBe(runs);
    const afterClose = runs;
    await pause(30);
    expect(runs).toBe(afterClose);
  });

  it('tells a run in progress that the app is closing, so close waits for one item only', async () => {
    const app = Fastify({ logger: false });
    let started = false;
    let items = 0;
    registerPeriodicJob(app, 'long job', 5, async (signal) => {
      started = true;
      // A queue of 1,000 items of 20 ms each: 20 s, unless the job stops when told.
      for (let i = 0; i < 1_000 && !signal.aborted; i++) {
        await pause(20);
        items += 1;
      }
    });
    await app.ready();
    await until(() => started);
    await app.close();
    const done = items;
    expect(done).toBeLessThan(100);
    await pause(50);
    expect(items).toBe(done);
  });

  it('waits for a run stuck in one item no longer than its grace, and says so', async () => {
    const warnings: string[] = [];
    const stream = { write: (line: string) => warnings.push(JSON.parse(line).msg) };
    const app = Fastify({ logger: { level: 'warn', stream } });
    let started = false;
    registerPeriodicJob(
      app,
      'stuck job',
      5,
      async () => {
        started = true;
        await new Promise(() => {}); // a mail server that never answers
      },
      { closeGraceMs: 50 },
    );
    await app.ready();
    await until(() => started);
    await app.close();
    expect(warnings).toContain('stuck job still running at close; left to end');
  });

  it('logs a failed run and goes on running', async () => {
    const warnings: string[] = [];
    const stream = { write: (line: string) => warnings.push(JSON.parse(line).msg) };
    const app = Fastify({ logger: { level: 'warn', stream } });
    let runs = 0;
    registerPeriodicJob(app, 'failing job', 5, async () => {
      runs += 1;
      throw new Error('no database');
    });
    await app.ready();
    await until(() => runs >= 2);
    await app.close();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(warnings).toContain('failing job failed');
  });

  it('runs soon when asked, once more after a run in progress, never after close', async () => {
    const app = Fastify({ logger: false });
    let runs = 0;
    let release = () => {};
    const job = registerPeriodicJob(app, 'soon job', 60_000, async () => {
      runs += 1;
      await new Promise<void>((resolve) => (release = resolve));
    });
    await app.ready();
    job.runSoon();
    await until(() => runs === 1);
    job.runSoon();
    job.runSoon();
    await pause(20);
    expect(runs).toBe(1);
    release();
    await until(() => runs === 2);
    release();
    await pause(20);
    expect(runs).toBe(2);
    await app.close();
    job.runSoon();
    await pause(20);
    expect(runs).toBe(2);
  });
});
