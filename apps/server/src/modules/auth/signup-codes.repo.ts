/** Queries on pending sign-up codes: one row per e-mail address. Only queries: no rules. */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { signupCodes } from '../../db/schema/index';

export type SignupCodeRow = typeof signupCodes.$inferSelect;

/**
 * Stores a new code for the address, replacing any older one, unless the last code went out
 * after `cooldownCutoff`. Returns false when the cooldown refused it. One statement, so two
 * requests at the same moment cannot both send.
 */
export async function replaceCode(
  db: Executor,
  code: { email: string; codeHash: string; expiresAt: Date; sentAt: Date },
  cooldownCutoff: Date,
): Promise<boolean> {
  const rows = await db
    .insert(signupCodes)
    .values({ ...code, lastSentAt: code.sentAt, wrongTries: 0 })
    .onConflictDoUpdate({
      target: signupCodes.email,
      set: {
        codeHash: code.codeHash,
        expiresAt: code.expiresAt,
        lastSentAt: code.sentAt,
        wrongTries: 0,
        verifiedAt: null,
      },
      setWhere: lte(signupCodes.lastSentAt, cooldownCutoff),
    })
    .returning({ email: signupCodes.email });
  return rows.length === 1;
}

export async function findCode(
  db: Executor,
  email: string,
  forUpdate = false,
): Promise<SignupCodeRow | undefined> {
  const query = db.select().from(signupCodes).where(eq(signupCodes.email, email)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function countWrongTry(db: Executor, email: string): Promise<number> {
  const [row] = await db
    .update(signupCodes)
    .set({ wrongTries: sql`${signupCodes.wrongTries} + 1` })
    .where(eq(signupCodes.email, email))
    .returning({ wrongTries: signupCodes.wrongTries });
  return row?.wrongTries ?? 0;
}

export async function markVerified(
  db: Executor,
  email: string,
  verifiedAt: Date,
  expiresAt: Date,
): Promise<void> {
  await db.update(signupCodes).set({ verifiedAt, expiresAt }).where(eq(signupCodes.email, email));
}

export async function deleteCode(db: Executor, email: string, codeHash?: string): Promise<void> {
  await db
    .delete(signupCodes)
    .where(
      codeHash
        ? and(eq(signupCodes.email, email), eq(signupCodes.codeHash, codeHash))
        : eq(signupCodes.email, email),
    );
}
