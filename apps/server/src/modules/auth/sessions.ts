/**
 * Sessions: a login starts a refresh-token family; every refresh uses up the presented token
 * and issues the next one in the same family. A token presented a second time means it was
 * copied, so the whole family is revoked and both holders must log in again.
 */
import { randomUUID } from 'node:crypto';
import { ACCOUNT } from '@otaku/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { unauthenticated } from '../../lib/errors';
import * as repo from './auth.repo';
import { hashToken, newRefreshToken, refreshExpiry, signAccessToken } from './tokens';

export interface IssuedSession {
  /** The access JWT for the Authorization header. */
  token: string;
  /** The opaque refresh token for the cookie. */
  refreshToken: string;
}

async function issue(db: Db, secret: string, userId: string, familyId: string) {
  const refreshToken = newRefreshToken();
  await repo.insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: refreshExpiry(),
  });
  return { token: await signAccessToken(secret, userId), refreshToken };
}

/** Starts a new session (a new family) for the user. */
export function startSession(db: Db, secret: string, userId: string): Promise<IssuedSession> {
  return issue(db, secret, userId, randomUUID());
}

/**
 * Uses up a refresh token and issues the next one. Throws 401 for an unknown, expired or
 * revoked token; revokes the family first when the token had already been used.
 */
export async function rotateSession(
  db: Db,
  secret: string,
  presented: string | undefined,
  log: FastifyBaseLogger,
): Promise<IssuedSession & { user: repo.UserRow }> {
  const expired = unauthenticated(ACCOUNT.sessionExpired);
  if (!presented) throw expired;
  const row = await repo.findRefreshToken(db, hashToken(presented));
  if (!row || row.revokedAt || row.expiresAt <= new Date()) throw expired;
  if (row.usedAt || !(await repo.claimRefreshToken(db, row.id))) {
    await repo.revokeFamily(db, row.familyId);
    log.warn(
      { userId: row.userId, familyId: row.familyId },
      'refresh token reused: family revoked',
    );
    throw expired;
  }
  const user = await repo.findUserById(db, row.userId);
  if (!user) throw expired;
  return { ...(await issue(db, secret, user.id, row.familyId)), user };
}

/**
 * After a password change: ends every session of the user except the one whose refresh token
 * was presented, when it is the user's own: whoever changes their own password stays signed in
 * where they did it. The user's access tokens issued so far are refused from the next call on
 * (decision 123); the session kept gets a new one at its refresh, which the web app asks for
 * on the refusal.
 */
export async function endOtherSessions(
  db: Executor,
  userId: string,
  presented?: string,
): Promise<void> {
  const own = presented ? await repo.findRefreshToken(db, hashToken(presented)) : undefined;
  await repo.revokeUserSessions(db, userId, own?.userId === userId ? own.familyId : undefined);
  await repo.refuseAccessTokensBefore(db, userId, new Date());
}

/** Revokes the family of the presented refresh token, if there is one. */
export async function endSession(db: Db, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const row = await repo.findRefreshToken(db, hashToken(presented));
  if (row) await repo.revokeFamily(db, row.familyId);
}
