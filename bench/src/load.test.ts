import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaced } from './load';

/** A server that answers 200 at once and writes down when each request arrived, and from whom. */
let server: Server;
let slowOnceDone = false;
const slowOnce = (answer: () => void) => {
  slowOnceDone = true;
  setTimeout(answer, 200);
};
let baseUrl: string;
const arrivals: Array<{ at: number; path: string; token: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    arrivals.push({ at: performance.now(), path: req.url ?? '', token: req.headers.authorization });
    req.resume();
    const answer = () => res.end(req.url === '/refused' ? undefined : '{}');
    // The first request to /slow-once waits 200 ms: the turns after it pass meanwhile.
    req.on('end', () => (req.url === '/slow-once' && !slowOnceDone ? slowOnce(answer) : answer()));
    if (req.url === '/refused') res.statusCode = 409;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('runPaced', () => {
  it('sends its rate evenly over the run, not as a burst at the start of each second', async () => {
    arrivals.length = 0;
    const started = performance.now();
    const result = await runPaced(
      baseUrl,
      { name: 'paced', requests: [{ path: '/a' }, { path: '/b' }] },
      { connections: 4, seconds: 1, rate: 100 },
    );
    // Every turn of the second is taken: 4 connections, a turn each 40 ms.
    expect(result).toMatchObject({ sentPerSecond: 100, total: 100, errors: 0 });
    // Turns run late on a busy machine, never early: half a second holds at most its half
    // (and a little for the timer), where a burst would send all 100 in its first moments.
    const firstHalf = arrivals.filter((a) => a.at - started < 500).length;
    expect(firstHalf).toBeLessThanOrEqual(55);
  });

  it('times the requests a slow answer made late from their turns, not from when they left', async () => {
    // One connection, a turn every 50 ms: the 200 ms answer makes the next three late by
    // about 150, 100 and 50 ms. Timed from when they left, only the slow one would be slow.
    const result = await runPaced(
      baseUrl,
      { name: 'late', requests: [{ path: '/slow-once' }] },
      { connections: 1, seconds: 1, rate: 20 },
    );
    expect(result.total).toBe(20);
    expect(result.p95).toBeGreaterThanOrEqual(100);
  });

  it('sends its warm-up at the same pace but leaves it out of the timings and the count', async () => {
    // The 200 ms answer comes in the warm-up's first turn and makes the next three late; the
    // timed second after it starts on time, so nothing in it is slow.
    slowOnceDone = false;
    arrivals.length = 0;
    const result = await runPaced(
      baseUrl,
      { name: 'warm', requests: [{ path: '/slow-once' }] },
      { connections: 1, seconds: 1, rate: 20, warmUpSeconds: 0.4 },
    );
    expect(result).toMatchObject({ sentPerSecond: 20, total: 20, errors: 0 });
    expect(result.p99).toBeLessThan(100);
    expect(arrivals.length).toBe(28);
  });

  it('keeps each connection its own shopper, sending its requests in turn', async () => {
    arrivals.length = 0;
    await runPaced(
      baseUrl,
      {
        name: 'shoppers',
        requests: [{ path: '/reserve' }, { path: '/release' }],
        connectionTokens: ['one', 'two'],
      },
      { connections: 2, seconds: 1, rate: 40 },
    );
    for (const token of ['Bearer one', 'Bearer two']) {
      const paths = arrivals.filter((a) => a.token === token).map((a) => a.path);
      expect(paths).toHaveLength(20);
      expect(paths).toEqual(paths.map((_, i) => (i % 2 === 0 ? '/reserve' : '/release')));
    }
  });

  it('counts answers outside the scenario’s statuses as errors and times only marked requests', async () => {
    const result = await runPaced(
      baseUrl,
      { name: 'marked', requests: [{ path: '/refused' }, { path: '/ok', measure: true }] },
      { connections: 2, seconds: 1, rate: 20 },
    );
    expect(result).toMatchObject({ sentPerSecond: 20, total: 10, errors: 10 });
    expect(result.unexpected).toEqual({ 409: 10 });
  });
});
