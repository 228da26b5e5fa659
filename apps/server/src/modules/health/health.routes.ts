import { healthResponseSchema } from '@otaku/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const startedAt = Date.now();

/** GET /api/health: reports whether the database answers (503 when it does not). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const { database } = app;
      const base = { version: '1.0.0', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
      try {
        const latencyMs = Math.round((await database.ping()) * 10) / 10;
        return {
          success: true,
          status: 'ok' as const,
          database: { engine: database.engine, ok: true, latencyMs },
          ...base,
        };
      } catch (error) {
        app.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({
          success: false,
          status: 'degraded' as const,
          database: { engine: database.engine, ok: false },
          ...base,
        });
      }
    },
  );
};
