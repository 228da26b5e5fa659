/**
 * Who is calling. For every request with `Authorization: Bearer <access JWT>` the user is
 * loaded from the database, so a changed role or a deleted account counts on the next call.
 * Routes never parse tokens themselves; they use the helpers below:
 *
 *   app.get('/cart', { preHandler: requireUser }, (req) => cartOf(currentUser(req).id));
 *   app.get('/order/allOrdersList', { preHandler: requireRole('admin') }, ...); // admin or superAdmin
 *
 * An invalid or expired token does not fail a public route: the request is simply a guest's.
 */
import { ACCOUNT, ROLE_RANK, SERVER, type Role } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../db/schema/index';
import { forbidden, unauthenticated, type AppError } from '../lib/errors';
import { verifyAccessToken } from '../modules/auth/tokens';

export interface AuthUser {
  id: string;
  username: string;
  email: string;
  role: Role;
  profilePic: string | null;
  /** The Google subject of a Google-linked account, else null. */
  googleId: string | null;
  createdAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, fresh from the database; null for guests. */
    user: AuthUser | null;
    /** Why a presented token was not accepted (drives the 401 message). */
    authProblem: 'expired' | 'invalid' | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('authProblem', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const token = BEARER.exec(header)?.[1];
    const check = token
      ? await verifyAccessToken(app.config.jwtSecret, token)
      : ({ ok: false, expired: false } as const);
    if (!check.ok) {
      request.authProblem = check.expired ? 'expired' : 'invalid';
      return;
    }
    const [row] = await app.database.db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        role: users.role,
        profilePic: users.profilePic,
        googleId: users.googleSubject,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, check.userId))
      .limit(1);
    if (row) request.user = row;
    else request.authProblem = 'invalid';
  });
});

function notSignedIn(request: FastifyRequest): AppError {
  return unauthenticated(
    request.authProblem === 'expired' ? ACCOUNT.sessionExpired : SERVER.unauthenticated,
  );
}

/** The signed-in user; throws 401 for a guest. Use in handlers behind `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notSignedIn(request);
  return request.user;
}

/** preHandler: 401 unless someone is signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  currentUser(request);
}

/**
 * preHandler factory: 401 for guests, 403 unless the user's role ranks at least `minimum`.
 * `requireRole('admin')` admits staff (admin and superAdmin).
 */
export function requireRole(minimum: Role) {
  return async function requireRoleHandler(request: FastifyRequest): Promise<void> {
    const user = currentUser(request);
    if (ROLE_RANK[user.role] < ROLE_RANK[minimum]) {
      throw forbidden(minimum === 'admin' ? ACCOUNT.staffOnly : SERVER.forbidden);
    }
  };
}
