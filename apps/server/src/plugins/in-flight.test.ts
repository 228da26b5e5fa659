import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inFlightPlugin } from './in-flight';

describe('closing with handlers still running', () => {
  it('waits for a handler whose caller is no longer there', async () => {
    const app = Fastify();
    await app.register(inFlightPlugin);
    let finish = () => {};
    const steps: string[] = [];
    app.get('/slow', async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      steps.push('handler done');
      return { ok: true };
    });
    await app.ready();

    // inject opens no socket, like a client that has hung up: nothing for close() to wait on
    // but the handler itself.
    const answer = app.inject({ url: '/slow' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closed = app.close().then(() => steps.push('closed'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(steps).toEqual([]);

    finish();
    await closed;
    expect(steps).toEqual(['handler done', 'closed']);
    expect((await answer).json()).toEqual({ ok: true });
  });

  it('closes at once when nothing runs, and keeps failing handlers counted correctly', async () => {
    const app = Fastify();
    await app.register(inFlightPlugin);
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    await app.ready();
    expect((await app.inject({ url: '/fails' })).statusCode).toBe(500);
    await expect(
      Promise.race([
        app.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 1000)),
      ]),
    ).resolves.toBe('closed');
  });
});
