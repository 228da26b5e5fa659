import { endpoints } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';

/** Whether a connection comes from this machine (the socket's own address, never a header). */
const fromThisMachine = (address: string | undefined) =>
  address !== undefined &&
  (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));

/**
 * GET /api/dev/outbox: the mail the dev outbox kept, newest first. It exists only outside
 * production, and answers only callers on the same machine: the mail holds sign-up codes, and
 * a development server started with HOST=0.0.0.0 must not hand them to its network. With
 * SMTP_URL set it is empty because mail really goes out.
 */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.isProduction) return;
  addRoute(
    app,
    endpoints.dev.outbox,
    { config: { access: 'public' }, schema: { tags: ['dev'] } },
    async (request, reply) => {
      if (!fromThisMachine(request.socket.remoteAddress)) {
        reply.callNotFound();
        return reply;
      }
      return {
        success: true as const,
        smtp: app.mailer.outbox === null,
        messages: app.mailer.outbox ?? [],
      };
    },
  );
}
