/**
 * Answers that sign someone in or out. The refresh token goes in the cookie, the rest in the
 * body; no cache (the browser's, a proxy's) may keep an answer that carries a token.
 */
import type { SessionResponse } from '@otaku/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from './auth.repo';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookies';
import { toPublicUser } from './public-user';
import { requireSameOrigin } from './same-origin';
import { endSession, rotateSession, type IssuedSession } from './sessions';

/** Marks an answer that carries a token, or sets or clears its cookie, as never to be stored. */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export function sessionReply(
  app: FastifyInstance,
  reply: FastifyReply,
  result: { user: UserRow; session: IssuedSession },
  message?: string,
): SessionResponse {
  noStore(reply);
  setRefreshCookie(reply, app.config, result.session.refreshToken);
  return {
    success: true,
    user: toPublicUser(result.user, app.imageUrl),
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

/**
 * Logout (`POST /api/auth/logout`, `POST /api/googleAuth/logout`): refused from another site's
 * page; ends the session of the refresh cookie and of the access token the call carries, so
 * that token is refused from the next call, and clears the cookie.
 */
export async function logOut(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  requireSameOrigin(request, app.config);
  const { user, sessionId } = request;
  await endSession(
    app.database.db,
    readRefreshCookie(request),
    user && sessionId ? { userId: user.id, sessionId } : null,
  );
  noStore(reply);
  clearRefreshCookie(reply, app.config);
}
