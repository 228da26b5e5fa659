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

/**
 * GET /api/dev/outbox: the mail the dev outbox kept, newest first. It exists only outside
 * production; with SMTP_URL set it is empty because mail really goes out.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.isProduction) return;
  app.get(
    '/dev/outbox',
    { config: { access: 'public' }, schema: { tags: ['dev'], response: { 200: outboxSchema } } },
    async () => ({
      success: true as const,
      smtp: app.mailer.outbox === null,
      messages: app.mailer.outbox ?? [],
    }),
  );
};
