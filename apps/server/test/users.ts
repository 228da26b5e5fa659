/**
 * Account factories and sign-in helpers for API tests:
 *
 *   const admin = await createUser(t.database, { role: 'admin' });
 *   const res = await t.app.inject({ url: '/api/...', headers: bearer(await tokenFor(t, admin)) });
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config';
import type { Database } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { hashPassword } from '../src/lib/passwords';
import { REFRESH_COOKIE } from '../src/modules/auth/cookies';
import { signAccessToken } from '../src/lib/tokens';
import { changed } from '../src/db/changed';

export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestUser {
  id: string;
  email: string;
  username: string;
  role: Role;
  password: string;
}

/** Inserts a user straight into the database (password TEST_PASSWORD unless given). */
export async function createUser(
  database: Database,
  overrides: Partial<Omit<TestUser, 'id'>> & {
    profilePic?: string | null;
    /** Whether the address was proven (a code, Google); true unless said otherwise. */
    emailVerified?: boolean;
  } = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const password = overrides.password ?? TEST_PASSWORD;
  const [row] = await database.db
    .insert(users)
    .values({
      email: overrides.email ?? `shopper-${suffix}@example.com`,
      username: overrides.username ?? `shopper-${suffix}`,
      role: overrides.role ?? 'user',
      passwordHash: await hashPassword(password),
      profilePic: overrides.profilePic ?? null,
      emailVerifiedAt: overrides.emailVerified === false ? null : new Date(),
    })
    .returning();
  changed.users(database.db);
  return { id: row!.id, email: row!.email, username: row!.username, role: row!.role, password };
}

/** An access token for the user, without going through the login call. */
export function tokenFor(t: { config: Config }, user: { id: string }): Promise<string> {
  return signAccessToken(t.config.jwtSecret, user.id);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Logs in through the API; returns the access token and the refresh cookie value. */
export async function logIn(
  app: FastifyInstance,
  user: { email: string; password: string },
  remoteAddress = '127.0.0.1',
): Promise<{ token: string; refreshToken: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { token: res.json().token, refreshToken: refreshCookieOf(res)! };
}

/** The refresh-token cookie a response set, if any ('' when it was cleared). */
export function refreshCookieOf(res: {
  cookies: Array<{ name: string; value: string }>;
}): string | undefined {
  return res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value;
}
