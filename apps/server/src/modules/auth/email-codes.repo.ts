/** Queries on pending e-mailed codes: one row per address and purpose. Only queries: no rules. */
import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailCodes, type EmailCodePurpose } from '../../db/schema/index';

export type EmailCodeRow = typeof emailCodes.$inferSelect;

/**
 * The address and purpose a code belongs to, and for an e-mail change the account that asked
 * for it (decision 136): another account's code for the same address is another row.
 */
export interface CodeOwner {
  email: string;
  purpose: EmailCodePurpose;
  account?: string;
}

const ownedBy = (owner: CodeOwner) =>
  and(
    eq(emailCodes.email, owner.email),
    eq(emailCodes.purpose, owner.purpose),
    eq(emailCodes.accountId, owner.account ?? ''),
  );

/**
 * Stores a new code for the address, replacing any older one of the same purpose, unless the
 * last code went out after `cooldownCutoff`. Returns false when the cooldown refused it. One
 * statement, so two requests at the same moment cannot both send.
 */
export async function replaceCode(
  db: Executor,
  code: CodeOwner & { codeHash: string; expiresAt: Date; sentAt: Date },
  cooldownCutoff: Date,
): Promise<boolean> {
  const { account, ...fields } = code;
  const rows = await db
    .insert(emailCodes)
    .values({ ...fields, accountId: account ?? '', lastSentAt: code.sentAt, wrongTries: 0 })
    .onConflictDoUpdate({
      target: [emailCodes.email, emailCodes.purpose, emailCodes.accountId],
      set: {
        codeHash: code.codeHash,
        expiresAt: code.expiresAt,
        lastSentAt: code.sentAt,
        wrongTries: 0,
        verifiedAt: null,
        tokenHash: null,
      },
      setWhere: lte(emailCodes.lastSentAt, cooldownCutoff),
    })
    .returning({ email: emailCodes.email });
  return rows.length === 1;
}

export async function findCode(
  db: Executor,
  owner: CodeOwner,
  forUpdate = false,
): Promise<EmailCodeRow | undefined> {
  const query = db.select().from(emailCodes).where(ownedBy(owner)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function countWrongTry(db: Executor, owner: CodeOwner): Promise<number> {
  const [row] = await db
    .update(emailCodes)
    .set({ wrongTries: sql`${emailCodes.wrongTries} + 1` })
    .where(ownedBy(owner))
    .returning({ wrongTries: emailCodes.wrongTries });
  return row?.wrongTries ?? 0;
}

/** Marks the code verified and keeps the HMAC of the token it answered with. */
export async function markVerified(
  db: Executor,
  owner: CodeOwner,
  verified: { verifiedAt: Date; expiresAt: Date; tokenHash: string },
): Promise<void> {
  await db.update(emailCodes).set(verified).where(ownedBy(owner));
}

/**
 * Deletes the verified code whose token has this HMAC, if it has not expired by `now`; false
 * when there is none. One statement: of two calls with the same token, exactly one gets true
 * (the second waits for the first's row lock and then finds the row gone).
 */
export async function useToken(
  db: Executor,
  owner: CodeOwner,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(emailCodes)
    .where(
      and(
        ownedBy(owner),
        isNotNull(emailCodes.verifiedAt),
        eq(emailCodes.tokenHash, tokenHash),
        gt(emailCodes.expiresAt, now),
      ),
    )
    .returning({ email: emailCodes.email });
  return rows.length === 1;
}

/**
 * Deletes the unverified code with this HMAC, if it has not expired by `now`; false when there
 * is none. One statement: of two calls with the same code, exactly one gets true.
 */
export async function useCode(
  db: Executor,
  owner: CodeOwner,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(emailCodes)
    .where(
      and(
        ownedBy(owner),
        isNull(emailCodes.verifiedAt),
        eq(emailCodes.codeHash, codeHash),
        gt(emailCodes.expiresAt, now),
      ),
    )
    .returning({ email: emailCodes.email });
  return rows.length === 1;
}

export async function deleteCode(db: Executor, owner: CodeOwner, codeHash?: string) {
  await db
    .delete(emailCodes)
    .where(codeHash ? and(ownedBy(owner), eq(emailCodes.codeHash, codeHash)) : ownedBy(owner));
}

/** Deletes the codes that expired before `cutoff`. */
export async function deleteExpiredCodes(db: Executor, cutoff: Date): Promise<void> {
  await db.delete(emailCodes).where(lte(emailCodes.expiresAt, cutoff));
}
