/**
 * Lets the app close only after every route handler has finished. Fastify's close() waits for
 * open connections, but a handler whose client hung up keeps running with no connection left
 * to wait for; if the database closed under it, its remaining queries would fail half-way
 * (a transaction already committed would lose its answer, a later step would not run). Every
 * handler is counted while it runs, and closing the app waits for the count to reach zero
 * (main.ts closes the database only after that).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const inFlightPlugin = fp(async (app: FastifyInstance) => {
  let running = 0;
  let waiting: Array<() => void> = [];
  const settled = () =>
    running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve));

  const done = () => {
    running--;
    if (running > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };

  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    // Only asynchronous handlers are counted, and their answers are passed on untouched: a
    // synchronous handler (static files) keeps its own way of replying.
    route.handler = function counted(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (!(result instanceof Promise)) return result;
      running++;
      return result.finally(done);
    };
  });

  app.addHook('onClose', async () => settled());
});
