/**
 * Who is calling, and may they call this route. For every request with
 * `Authorization: Bearer <access JWT>` the user is read as the database has them now, so a
 * changed role or a deleted account counts on the next call: from memory while no user has
 * changed, else from the database (`SESSION_USERS_KEPT`, db/change-aware-cache.ts). Every
 * API route declares who may call it, and this plugin alone enforces that declaration, before
 * the body is read:
 *
 *   app.get('/product/getProducts', { config: { access: 'public' } }, ...);
 *   app.post('/cart', { config: { access: 'user' } }, (req) => cartOf(currentUser(req).id));
 *   app.get('/order/allOrdersList', { config: { access: 'admin' } }, ...); // admin or superAdmin
 *
 * Rules about whose data it is (a cart, an order, a rank) stay in the handlers and services.
 * An invalid or expired token does not fail a public route: the request is simply a guest's.
 */
import { ACCOUNT, ROLE_RANK, SERVER, type Role } from '@otaku/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ChangeAwareCache } from '../db/change-aware-cache';
import { prepared } from '../db/prepared';
import { users } from '../db/schema/index';
import { forbidden, unauthenticated, type AppError } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';

/** Who may call a route: anyone, any signed-in user, or at least this role. */
export type Access = 'public' | Role;
export const ACCESS_LEVELS: readonly Access[] = ['public', 'user', 'admin', 'superAdmin'];

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

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
  interface FastifyContextConfig {
    /** Required on every route under /api; enforced by the auth plugin. */
    access?: Access;
    /** Every status an API route declares it may answer (lib/api-route.ts). */
    statuses?: readonly number[];
  }
  interface FastifyRequest {
    /** The signed-in user as the database has them now (shared, frozen); null for guests. */
    user: AuthUser | null;
    /** Why a presented token was not accepted (drives the 401 message). */
    authProblem: 'expired' | 'invalid' | null;
    /** The session (refresh-token family) of the accepted access token; null for guests. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Every API route with its declared access (HEAD routes mirror their GET and are left out). */
    routeAccess: RouteAccess[];
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * How many signed-in users are kept in memory (about 0.5 KB each), least recently seen
 * dropped first. All of them are dropped whenever any user is added, changed or deleted.
 */
export const SESSION_USERS_KEPT = 10_000;

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('routeAccess', []);
  app.decorateRequest('user', null);
  app.decorateRequest('authProblem', null);
  app.decorateRequest('sessionId', null);
  const sessionUsers = new ChangeAwareCache<SessionUser | null>(
    app.database.changes.users,
    SESSION_USERS_KEPT,
  );
  app.addHook('onClose', async () => sessionUsers.stopListening());
  const readUser = (id: string) => async (): Promise<SessionUser | null> => {
    const [row] = await sessionUserQuery(app.database.db).execute({ id });
    if (!row) return null;
    const { tokensNotBefore, endedSessions, ...user } = row;
    return {
      user: Object.freeze(user),
      tokensNotBeforeMs: tokensNotBefore?.getTime() ?? 0,
      endedSessions: new Set(endedSessions.map((ended) => ended.id)),
    };
  };

  // A callback hook, not an async one: a guest's request (no Authorization header, most of a
  // shop's traffic) has nothing to wait for, and passes on without a promise and a microtask.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access ?? 'public';
    if (!request.headers.authorization) {
      enforceAccess(request, access);
      return done();
    }
    identify(app, request, (id) => sessionUsers.get(id, readUser(id)))
      .then(() => enforceAccess(request, access))
      .then(() => done(), done);
  });
});

/** The signed-in user of a request, read on every authenticated call (db/prepared.ts). */
const sessionUserQuery = prepared((db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      profilePic: users.profilePic,
      googleId: users.googleSubject,
      createdAt: users.createdAt,
      tokensNotBefore: users.tokensNotBefore,
      endedSessions: users.endedSessions,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_user'),
);

/**
 * A signed-in user, the time before which their access tokens are refused (ms), and the
 * sessions whose access tokens are refused (logged out, decision 129).
 */
interface SessionUser {
  user: AuthUser;
  tokensNotBeforeMs: number;
  endedSessions: ReadonlySet<string>;
}

async function identify(
  app: FastifyInstance,
  request: FastifyRequest,
  userOf: (id: string) => Promise<SessionUser | null>,
): Promise<void> {
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
  const session = await userOf(check.userId);
  // A deleted account, a token from before its password changed (decision 123), or one of a
  // session that logged out (decision 129).
  if (
    !session ||
    check.issuedAtMs < session.tokensNotBeforeMs ||
    session.endedSessions.has(check.sessionId)
  ) {
    request.authProblem = 'invalid';
    return;
  }
  request.user = session.user;
  request.sessionId = check.sessionId;
}

/** 401 for a guest on a non-public route; 403 unless the user's role ranks at least `access`. */
function enforceAccess(request: FastifyRequest, access: Access): void {
  if (access === 'public') return;
  const user = currentUser(request);
  if (ROLE_RANK[user.role] < ROLE_RANK[access]) {
    throw forbidden(access === 'admin' ? ACCOUNT.staffOnly : SERVER.forbidden);
  }
}

/**
 * For the scope that holds the API: refuses, at start-up, a route that does not declare its
 * access, and records each declaration in `app.routeAccess`.
 */
export async function requireAccessDeclarations(scope: FastifyInstance): Promise<void> {
  const table = scope.routeAccess;
  scope.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const methods = [route.method].flat();
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `${methods.join(',')} ${route.url} declares no access rule: add config.access (${ACCESS_LEVELS.join(' | ')})`,
      );
    }
    for (const method of methods) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });
}

function notSignedIn(request: FastifyRequest): AppError {
  return unauthenticated(
    request.authProblem === 'expired' ? ACCOUNT.sessionExpired : SERVER.unauthenticated,
  );
}

/** The signed-in user; throws 401 for a guest. Use in handlers of non-public routes. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notSignedIn(request);
  return request.user;
}
