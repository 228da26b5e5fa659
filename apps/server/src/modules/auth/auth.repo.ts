/** Queries on users and refresh tokens for accounts and sessions. Only queries: no rules. */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { changed, telling } from '../../db/changed';
import type { Executor } from '../../db/client';
import { refreshTokens, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserByGoogle(
  db: Executor,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.googleIssuer, issuer), eq(users.googleSubject, subject)))
    .limit(1);
  return row;
}

/** Inserts a user; undefined when the e-mail (or Google identity) is already taken. */
export async function insertUser(db: Executor, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await telling(db.insert(users).values(user).onConflictDoNothing().returning(), () =>
    changed.users(db),
  );
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<Pick<NewUser, 'googleIssuer' | 'googleSubject' | 'profilePic'>>,
): Promise<UserRow | undefined> {
  const [row] = await telling(
    db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(),
    () => changed.users(db),
  );
  return row;
}

/** Sets the password of the account with this address; undefined when there is none. */
export async function setPassword(
  db: Executor,
  email: string,
  passwordHash: string,
): Promise<UserRow | undefined> {
  const [row] = await telling(
    db
      .update(users)
      // Reached only with a code mailed to the address: that proves it too (decision 134).
      .set({ passwordHash, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.email, email))
      .returning(),
    () => changed.users(db),
  );
  return row;
}

export async function insertRefreshToken(
  db: Executor,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export async function findRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a token used if nobody has used or revoked it yet; false when someone did. */
export async function claimRefreshToken(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/**
 * Inserts the successor of a refresh token and marks the token used, in one transaction, if
 * nobody has used or revoked it yet; false when someone did. A concurrent refresh with the same
 * token waits for this one and, once it is told no, finds the successor already there.
 */
export async function rotateRefreshToken(
  db: Executor,
  id: string,
  successor: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimRefreshToken(tx, id))) return false;
    await insertRefreshToken(tx, successor);
    return true;
  });
}

/** Revokes the user's refresh tokens of the family. */
export async function revokeFamily(db: Executor, familyId: string, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/**
 * Refuses the user's access tokens issued before `at` (decision 123), so a session ended now
 * stops at its next call rather than at its access token's expiry.
 */
export async function refuseAccessTokensBefore(db: Executor, userId: string, at: Date) {
  await telling(db.update(users).set({ tokensNotBefore: at }).where(eq(users.id, userId)), () =>
    changed.users(db),
  );
}

/**
 * Revokes every refresh token of the user but those of `keepFamilyId`: each other session ends
 * at its next refresh.
 */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  keepFamilyId?: string,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}

/**
 * Adds the session `familyId` to the user's ended sessions at `at` (ms), dropping entries from
 * `keepAfter` or before, in one statement: two logouts of one user at once both count. With
 * `max` entries already kept, the list starts over and every access token of the user issued
 * until now is refused instead (the other sessions renew theirs at their next refresh).
 */
export async function recordEndedSession(
  db: Executor,
  userId: string,
  ended: { familyId: string; at: number; keepAfter: number; max: number },
): Promise<void> {
  const full = sql`jsonb_array_length(${users.endedSessions}) >= ${ended.max}`;
  const entry = sql`jsonb_build_array(jsonb_build_object('id', ${ended.familyId}::text, 'at', ${ended.at}::bigint))`;
  const kept = sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(${users.endedSessions}) e
    where (e->>'at')::bigint > ${ended.keepAfter}::bigint), '[]'::jsonb)`;
  const ending = db
    .update(users)
    .set({
      endedSessions: sql`case when ${full} then '[]'::jsonb else ${kept} || ${entry} end`,
      tokensNotBefore: sql`case when ${full} then ${new Date(ended.at).toISOString()}::timestamptz
        else ${users.tokensNotBefore} end`,
    })
    .where(eq(users.id, userId));
  await telling(ending, () => changed.users(db));
}
