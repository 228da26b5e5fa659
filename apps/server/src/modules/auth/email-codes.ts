/**
 * E-mailed one-time codes (DESIGN.md §4), for sign-up and for a password reset (decision 108):
 * 6 digits from a CSPRNG, stored as an HMAC keyed with the server secret (a leaked table alone
 * cannot be brute-forced), valid 10 minutes, voided by the 5th wrong try, at most one send per
 * address and purpose every 30 s, a new code replacing the old one.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT, AUTH, EMAIL_CODE } from '@otaku/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { rateLimited } from '../../lib/rate-limit';
import { codeMail } from '../mail/code-mail';
import type { Mailer } from '../mail/mailer';
import * as codes from './email-codes.repo';

export type { CodeOwner } from './email-codes.repo';

const TTL_MS = EMAIL_CODE.ttlMinutes * 60_000;
const COOLDOWN_MS = EMAIL_CODE.resendCooldownSeconds * 1000;

/** What the last step says when its address has no verified code of the purpose. */
const NOT_VERIFIED = {
  signup: ACCOUNT.emailNotVerified,
  reset: ACCOUNT.resetNotVerified,
} as const;

export function generateCode(): string {
  return String(randomInt(0, 10 ** EMAIL_CODE.length)).padStart(EMAIL_CODE.length, '0');
}

/** The purpose is part of the hash, so a code sent for one purpose never passes for the other. */
export function hashCode(secret: string, owner: codes.CodeOwner, code: string): string {
  return createHmac('sha256', secret)
    .update(`${owner.purpose}-code:${owner.email}:${code}`)
    .digest('hex');
}

/**
 * Creates and stores a new code for the address and purpose, replacing any older one. Throws
 * 429 with the seconds left when the previous code went out less than 30 s ago.
 */
export async function issueCode(db: Db, secret: string, owner: codes.CodeOwner): Promise<string> {
  const now = new Date();
  const code = generateCode();
  const stored = await codes.replaceCode(
    db,
    {
      ...owner,
      codeHash: hashCode(secret, owner, code),
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
  return code;
}

export interface CodeMailDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Mails a code just issued. When the mail cannot be sent the code is forgotten, so the
 * cooldown does not hold up a retry; the failure is logged and passed on.
 */
async function mailCode(deps: CodeMailDeps, owner: codes.CodeOwner, code: string) {
  const { db, config } = deps;
  try {
    await deps.mailer.send(codeMail(owner.purpose, owner.email, code, config.publicUrl));
  } catch (error) {
    deps.log.error({ err: error, purpose: owner.purpose }, 'code e-mail could not be sent');
    await codes.deleteCode(db, owner, hashCode(config.jwtSecret, owner, code));
    throw error;
  }
}

/**
 * Issues a new code and mails it; when the mail cannot be sent the call fails with 503
 * "Failed to send OTP" and a retry may follow at once.
 */
export async function mailNewCode(deps: CodeMailDeps, owner: codes.CodeOwner): Promise<void> {
  const code = await issueCode(deps.db, deps.config.jwtSecret, owner);
  await mailCode(deps, owner, code).catch(() => {
    throw new AppError(503, AUTH.sendOtpFailed, 'UNAVAILABLE');
  });
}

/**
 * Issues a new code and mails it after the caller has answered: the answer then takes as long
 * whether a mail goes out or not (a password reset must not tell whether an address has an
 * account, decision 108). A mail that cannot be sent is logged and its code forgotten.
 */
export async function mailNewCodeLater(deps: CodeMailDeps, owner: codes.CodeOwner) {
  const code = await issueCode(deps.db, deps.config.jwtSecret, owner);
  setImmediate(() => void mailCode(deps, owner, code).catch(() => {}));
}

/**
 * Checks a code. A wrong one counts a try (committed even though the call fails); the 5th
 * voids the code. A right one marks the address verified for the next 10 minutes.
 */
export async function checkCode(db: Db, secret: string, owner: codes.CodeOwner, otp: string) {
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    const row = await codes.findCode(tx, owner, true);
    if (!row || row.expiresAt <= now) return 'invalid' as const;
    if (!sameHash(hashCode(secret, owner, otp.trim()), row.codeHash)) {
      const tries = await codes.countWrongTry(tx, owner);
      if (tries < EMAIL_CODE.maxWrongTries) return 'invalid' as const;
      await codes.deleteCode(tx, owner);
      return 'voided' as const;
    }
    if (!row.verifiedAt) {
      await codes.markVerified(tx, owner, now, new Date(now.getTime() + TTL_MS));
    }
    return 'ok' as const;
  });
  if (outcome === 'invalid') throw badRequest(AUTH.otpInvalid, 'otp');
  if (outcome === 'voided') throw badRequest(ACCOUNT.codeTooManyTries, 'otp');
}

/**
 * Refuses an address without a verified, unexpired code of the purpose. Called before the
 * sign-up or reset step hashes its password, so an unverified call costs a lookup rather than a
 * hash; `forUpdate` holds the row for the transaction that then uses it up.
 */
export async function requireVerifiedCode(
  ex: Executor,
  owner: codes.CodeOwner,
  forUpdate = false,
): Promise<void> {
  const row = await codes.findCode(ex, owner, forUpdate);
  if (!row?.verifiedAt || row.expiresAt <= new Date()) {
    throw badRequest(NOT_VERIFIED[owner.purpose], 'email');
  }
}

/** Inside the sign-up or reset transaction: uses up the verified code, or refuses the step. */
export async function consumeVerifiedCode(tx: Executor, owner: codes.CodeOwner): Promise<void> {
  await requireVerifiedCode(tx, owner, true);
  await codes.deleteCode(tx, owner);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
