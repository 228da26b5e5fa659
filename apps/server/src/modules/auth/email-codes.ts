/**
 * E-mailed one-time codes (DESIGN.md §4), for sign-up, for a password reset (decision 108) and
 * for moving an account to a new address (decision 136): 6 digits from a CSPRNG, stored as an
 * HMAC keyed with the server secret (a leaked table alone cannot be brute-forced), valid 10
 * minutes, voided by the 5th wrong try, at most one send per address and purpose (and account,
 * for an e-mail change) every 30 s, a new code replacing the old one. A right sign-up or reset
 * code is used up and answers with a verification token for the last step (decision 131,
 * verification-tokens.ts); an e-mail change code is used up by the edit itself.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT, AUTH, EMAIL_CODE } from '@otaku/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { rateLimited } from '../../lib/rate-limit';
import { codeMail, type CodeMailKind } from '../mail/code-mail';
import type { Mailer, MailMessage } from '../mail/mailer';
import * as codes from './email-codes.repo';
import { hashVerificationToken, newVerificationToken } from './verification-tokens';

export type { CodeOwner } from './email-codes.repo';

const TTL_MS = EMAIL_CODE.ttlMinutes * 60_000;
const COOLDOWN_MS = EMAIL_CODE.resendCooldownSeconds * 1000;
const TOKEN_TTL_MS = EMAIL_CODE.verificationTokenTtlMinutes * 60_000;

/** The answer to a code request: its message, and how long until another code may be sent. */
export const codeSent = (message: string) => ({
  success: true as const,
  message,
  resendAfterSeconds: EMAIL_CODE.resendCooldownSeconds,
});

/**
 * Stored in place of a code's HMAC when the code is mailed to nobody (a sign-up for an address
 * that has an account, a reset for one that has none, decision 132): no HMAC equals it, so no
 * guess can pass, while the row keeps the same wait and wrong-try count as any other.
 */
const UNUSABLE = '';

export function generateCode(): string {
  return String(randomInt(0, 10 ** EMAIL_CODE.length)).padStart(EMAIL_CODE.length, '0');
}

/**
 * The purpose is part of the hash, so a code sent for one purpose never passes for another;
 * so is the account of an e-mail change code, which passes for that account only.
 */
export function hashCode(secret: string, owner: codes.CodeOwner, code: string): string {
  const account = owner.account ? `${owner.account}:` : '';
  return createHmac('sha256', secret)
    .update(`${owner.purpose}-code:${account}${owner.email}:${code}`)
    .digest('hex');
}

/** A code issued, and what was stored for it. */
interface Issued {
  code: string;
  codeHash: string;
}

/**
 * Creates and stores a new code for the address and purpose, replacing any older one. Throws
 * 429 with the seconds left when the previous code went out less than 30 s ago. A code that
 * will not be mailed (`usable` false) is stored so that it never passes.
 */
export async function issueCode(
  db: Db,
  secret: string,
  owner: codes.CodeOwner,
  usable = true,
): Promise<Issued> {
  const now = new Date();
  const code = generateCode();
  const codeHash = usable ? hashCode(secret, owner, code) : UNUSABLE;
  const stored = await codes.replaceCode(
    db,
    {
      ...owner,
      codeHash,
      expiresAt: new Date(now.getTime() + TTL_MS),
      sentAt: now,
    },
    new Date(now.getTime() - COOLDOWN_MS),
  );
  if (!stored) {
    const row = await codes.findCode(db, owner);
    const wait = row ? (row.lastSentAt.getTime() + COOLDOWN_MS - now.getTime()) / 1000 : 1;
    const seconds = Math.max(1, Math.ceil(wait));
    throw rateLimited(ACCOUNT.codeResendWait(seconds), seconds);
  }
  // Codes nobody used are dead weight; an occasional new code clears those an hour past expiry
  // (their cooldown is long over).
  if (Math.random() < 0.01) {
    void codes.deleteExpiredCodes(db, new Date(now.getTime() - 3_600_000)).catch(() => {});
  }
  return { code, codeHash };
}

export interface CodeMailDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Sends the mail of a code just issued. When it cannot be sent the code is forgotten, so the
 * cooldown does not hold up a retry; the failure is logged and passed on.
 */
async function mailCode(
  deps: CodeMailDeps,
  owner: codes.CodeOwner,
  issued: Issued,
  mail: MailMessage,
) {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.log.error({ err: error, purpose: owner.purpose }, 'code e-mail could not be sent');
    await codes.deleteCode(deps.db, owner, issued.codeHash);
    throw error;
  }
}

const codeMailOf = (
  deps: CodeMailDeps,
  owner: codes.CodeOwner,
  { code }: Issued,
  kind: CodeMailKind = owner.purpose,
) => codeMail(kind, owner.email, code, deps.config.publicUrl);

/**
 * Issues a new code and mails it, or, when `instead` is given, mails that and stores a code
 * that never passes (an address that already has an account, decision 132): the same wait and
 * the same answer either way. When the mail cannot be sent the call fails with 503 "Failed to
 * send OTP" and a retry may follow at once.
 */
export async function mailNewCode(
  deps: CodeMailDeps,
  owner: codes.CodeOwner,
  { instead, kind }: { instead?: MailMessage | undefined; kind?: CodeMailKind } = {},
): Promise<void> {
  const issued = await issueCode(deps.db, deps.config.jwtSecret, owner, !instead);
  const mail = instead ?? codeMailOf(deps, owner, issued, kind);
  await mailCode(deps, owner, issued, mail).catch(() => {
    throw new AppError(503, AUTH.sendOtpFailed, 'UNAVAILABLE');
  });
}

/**
 * Issues a new code and mails it after the caller has answered: the answer then takes as long
 * whether a mail goes out or not (a password reset must not tell whether an address has an
 * account, decision 108). A mail that cannot be sent is logged and its code forgotten.
 */
export async function mailNewCodeLater(deps: CodeMailDeps, owner: codes.CodeOwner) {
  const issued = await issueCode(deps.db, deps.config.jwtSecret, owner);
  const mail = codeMailOf(deps, owner, issued);
  setImmediate(() => void mailCode(deps, owner, issued, mail).catch(() => {}));
}

/**
 * Checks a code. A wrong one counts a try (committed even though the call fails); the 5th
 * voids the code. A right one is used up: it answers with a new verification token, which the
 * last step needs within 10 minutes (decision 131). A code already used passes no more and
 * counts no try, so nobody can void the token of someone who verified.
 */
export async function checkCode(
  db: Db,
  secret: string,
  owner: codes.CodeOwner,
  otp: string,
): Promise<string> {
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    const tried = await tryCode(tx, secret, owner, otp, now);
    if (tried !== 'right') return tried;
    const token = newVerificationToken();
    await codes.markVerified(tx, owner, {
      verifiedAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
      tokenHash: hashVerificationToken(secret, owner, token),
    });
    return { token };
  });
  if (outcome === 'invalid') throw badRequest(AUTH.otpInvalid, 'otp');
  if (outcome === 'voided') throw badRequest(ACCOUNT.codeTooManyTries, 'otp');
  return outcome.token;
}

/**
 * Reads the code's row locked, so tries on one code take turns: a wrong one counts a try and
 * the 5th voids the code, whatever the number of calls at once.
 */
async function tryCode(
  tx: Executor,
  secret: string,
  owner: codes.CodeOwner,
  otp: string,
  now: Date,
): Promise<'invalid' | 'voided' | 'right'> {
  const row = await codes.findCode(tx, owner, true);
  if (!row || row.expiresAt <= now || row.verifiedAt) return 'invalid';
  if (sameHash(hashCode(secret, owner, otp.trim()), row.codeHash)) return 'right';
  const tries = await codes.countWrongTry(tx, owner);
  if (tries < EMAIL_CODE.maxWrongTries) return 'invalid';
  await codes.deleteCode(tx, owner);
  return 'voided';
}

/** How a step that uses a code itself (`checkCodeToUse`) names a wrong one. */
export interface CodeRefusal {
  message: string;
  field: string;
}

/**
 * Checks a code for a step that uses it up in its own transaction (`useCheckedCode`) rather
 * than through a verification token: an e-mail change (decision 136). Wrong tries count as in
 * checkCode, committed even though the step fails. A right code is left as it is, so a step
 * refused after this check keeps it; returns its HMAC.
 */
export async function checkCodeToUse(
  db: Db,
  secret: string,
  owner: codes.CodeOwner,
  otp: string,
  wrong: CodeRefusal,
): Promise<string> {
  const outcome = await db.transaction((tx) => tryCode(tx, secret, owner, otp, new Date()));
  if (outcome === 'invalid') throw badRequest(wrong.message, wrong.field);
  if (outcome === 'voided') throw badRequest(ACCOUNT.codeTooManyTries, wrong.field);
  return hashCode(secret, owner, otp.trim());
}

/**
 * Inside the step's transaction: uses up a code `checkCodeToUse` passed, or refuses the step.
 * Of two steps with the same code at the same moment, exactly one gets it.
 */
export async function useCheckedCode(
  tx: Executor,
  owner: codes.CodeOwner,
  codeHash: string,
  wrong: CodeRefusal,
): Promise<void> {
  if (!(await codes.useCode(tx, owner, codeHash, new Date())))
    throw badRequest(wrong.message, wrong.field);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
