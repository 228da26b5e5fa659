import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates the app with its mailer (SMTP or dev outbox, from the configuration). */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const { smtpUrl, mailFrom: from, isProduction: production } = app.config;
  const mailer = createMailer({ smtpUrl, from, production }, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
});
