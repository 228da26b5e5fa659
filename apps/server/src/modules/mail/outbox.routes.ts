import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const outboxSchema = z.object({
  success: z.literal(true),
  smtp: z.boolean(),
  messages: z.array(
    z.object({
      id: z.string(),
      from: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      sentAt: z.string(),
    }),
  ),
});

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
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.isProduction) return;
  app.get(
    '/dev/outbox',
    { config: { access: 'public' }, schema: { tags: ['dev'], response: { 200: outboxSchema } } },
    async (request, reply) => {
      if (!fromThisMachine(request.socket.remoteAddress)) return reply.callNotFound();
      return {
        success: true as const,
        smtp: app.mailer.outbox === null,
        messages: app.mailer.outbox ?? [],
      };
    },
  );
};
