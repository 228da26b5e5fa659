import { endpoints } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';

const startedAt = Date.now();

/** GET /api/health: reports whether the database answers (503 when it does not). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  addRoute(
    app,
    endpoints.health.health,
    { config: { access: 'public' }, schema: { tags: ['health'] } },
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
}
