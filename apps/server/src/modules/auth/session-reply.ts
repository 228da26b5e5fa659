/** Answers that sign someone in: the refresh token goes in the cookie, the rest in the body. */
import type { SessionResponse } from '@otaku/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from './auth.repo';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookies';
import { toPublicUser } from './public-user';
import { rotateSession, type IssuedSession } from './sessions';

export function sessionReply(
  app: FastifyInstance,
  reply: FastifyReply,
  result: { user: UserRow; session: IssuedSession },
  message?: string,
): SessionResponse {
  setRefreshCookie(reply, app.config, result.session.refreshToken);
  return {
    success: true,
    user: toPublicUser(result.user),
    token: result.session.token,
    ...(message ? { message } : {}),
  };
}

/**
 * Rotates the session in the refresh cookie and answers the new one. On any failure the
 * cookie is cleared and the 401 passes on.
 */
export async function refreshFromCookie(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  message?: string,
): Promise<SessionResponse> {
  try {
    const { user, ...session } = await rotateSession(
      app.database.db,
      app.config.jwtSecret,
      readRefreshCookie(request),
      request.log,
    );
    return sessionReply(app, reply, { user, session }, message);
  } catch (error) {
    clearRefreshCookie(reply, app.config);
    throw error;
  }
}
