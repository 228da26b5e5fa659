/**
 * Sessions: a login starts a refresh-token family; every refresh uses up the presented token
 * and issues the next one in the same family. The family is the session: its id is the `sid`
 * of every access token issued to it. A token presented again within a few seconds of its use
 * (two tabs refreshing at once) gets the same successor; later, it means it was copied, so the
 * whole family is ended and both holders must log in again (decision 129).
 */
import { randomUUID } from 'node:crypto';
import { ACCOUNT } from '@otaku/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { unauthenticated } from '../../lib/errors';
import * as repo from './auth.repo';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  hashToken,
  newRefreshToken,
  refreshExpiry,
  signAccessToken,
  successorOf,
} from '../../lib/tokens';

/**
 * How long a used refresh token still yields its successor: two tabs of one browser that
 * refresh at the same moment both present it, and both must stay signed in.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * How long an ended session is remembered: until every access token it was issued has expired,
 * with a minute for clocks that differ between instances.
 */
const ENDED_SESSION_KEPT_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
/** Past this many ended sessions at once, the user's access tokens are all refused instead. */
const ENDED_SESSIONS_MAX = 50;

export interface IssuedSession {
  /** The access JWT for the Authorization header. */
  token: string;
  /** The opaque refresh token for the cookie. */
  refreshToken: string;
}

/** Starts a new session (a new family) for the user. */
export async function startSession(db: Db, secret: string, userId: string): Promise<IssuedSession> {
  const refreshToken = newRefreshToken();
  const familyId = randomUUID();
  await repo.insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: refreshExpiry(),
  });
  return { token: await signAccessToken(secret, userId, familyId), refreshToken };
}

/**
 * Uses up a refresh token and issues the next one, with a new access token. The same token
 * presented again within REFRESH_REUSE_GRACE_MS of its use yields the same successor. Throws
 * 401 for an unknown, expired or revoked token; ends the session first when the token was
 * used longer ago than that.
 */
export async function rotateSession(
  db: Db,
  secret: string,
  presented: string | undefined,
  log: FastifyBaseLogger,
): Promise<IssuedSession & { user: repo.UserRow }> {
  const expired = unauthenticated(ACCOUNT.sessionExpired);
  if (!presented) throw expired;
  const presentedHash = hashToken(presented);
  const row = await repo.findRefreshToken(db, presentedHash);
  if (!row || row.revokedAt || row.expiresAt <= new Date()) throw expired;
  const successor = successorOf(secret, presented);
  const next = {
    userId: row.userId,
    familyId: row.familyId,
    tokenHash: hashToken(successor),
    expiresAt: refreshExpiry(),
  };
  const rotated = !row.usedAt && (await repo.rotateRefreshToken(db, row.id, next));
  if (!rotated && !(await usedMomentsAgo(db, presentedHash, next.tokenHash))) {
    const { userId, familyId } = next;
    await endFamily(db, userId, familyId);
    log.warn({ userId, familyId }, 'refresh token reused: session ended');
    throw expired;
  }
  const user = await repo.findUserById(db, next.userId);
  if (!user) throw expired;
  const token = await signAccessToken(secret, user.id, next.familyId);
  return { token, refreshToken: successor, user };
}

/**
 * Whether a used refresh token was used within the grace and the successor it was given still
 * stands: the same browser asking twice at once, not a copy. By the time a concurrent call was
 * told the token was taken, the call that took it has committed its successor.
 */
async function usedMomentsAgo(db: Db, usedHash: string, successorHash: string): Promise<boolean> {
  const used = await repo.findRefreshToken(db, usedHash);
  if (!used?.usedAt || used.revokedAt) return false;
  if (Date.now() - used.usedAt.getTime() > REFRESH_REUSE_GRACE_MS) return false;
  const given = await repo.findRefreshToken(db, successorHash);
  return !!given && !given.revokedAt;
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

/**
 * Logout: ends the session of the presented refresh token and the session of the access token
 * the call was made with (usually the same one), if any. Their refresh tokens are revoked and
 * their access tokens refused from the next call; the user's other sessions go on.
 */
export async function endSession(
  db: Db,
  presented: string | undefined,
  access: { userId: string; sessionId: string } | null,
): Promise<void> {
  const ended = new Map<string, string>();
  const row = presented ? await repo.findRefreshToken(db, hashToken(presented)) : undefined;
  if (row) ended.set(row.familyId, row.userId);
  if (access) ended.set(access.sessionId, access.userId);
  for (const [familyId, userId] of ended) await endFamily(db, userId, familyId);
}

/** Revokes a session's refresh tokens and refuses its access tokens (decision 129). */
async function endFamily(db: Db, userId: string, familyId: string): Promise<void> {
  const at = Date.now();
  await db.transaction(async (tx) => {
    await repo.revokeFamily(tx, familyId, userId);
    await repo.recordEndedSession(tx, userId, {
      familyId,
      at,
      keepAfter: at - ENDED_SESSION_KEPT_MS,
      max: ENDED_SESSIONS_MAX,
    });
  });
}
