import type { FastifyPluginAsync } from 'fastify';
import { outboxRoutes } from '../mail/outbox.routes';
import { authRoutes } from './auth.routes';
import { googleRoutes } from './google.routes';

/** Accounts and sessions: /api/auth/*, /api/googleAuth/* and the dev outbox /api/dev/outbox. */
export const authModule: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(googleRoutes);
  await app.register(outboxRoutes);
};
