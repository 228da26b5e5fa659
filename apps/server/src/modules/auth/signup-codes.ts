/**
 * Sign-up codes (DESIGN.md §4): 6 digits from a CSPRNG, stored as an HMAC keyed with the
 * server secret (a leaked table alone cannot be brute-forced), valid 10 minutes, voided by the
 * 5th wrong try, at most one send per address every 30 s, a new code replacing the old one.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT, AUTH, SIGNUP_CODE } from '@otaku/shared';
import type { Db, Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { rateLimited } from '../../lib/rate-limit';
import * as codes from './signup-codes.repo';

const TTL_MS = SIGNUP_CODE.ttlMinutes * 60_000;
const COOLDOWN_MS = SIGNUP_CODE.resendCooldownSeconds * 1000;

export function generateCode(): string {
  return String(randomInt(0, 10 ** SIGNUP_CODE.length)).padStart(SIGNUP_CODE.length, '0');
}

export function hashCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`signup-code:${email}:${code}`).digest('hex');
}

/**
 * Creates and stores a new code for the address, replacing any older one. Throws 429 with the
 * seconds left when the previous code went out less than 30 s ago.
 */
export async function issueCode(db: Db, secret: string, email: string): Promise<string> {
  const now = new Date();
  const code = generateCode();
  const stored = await codes.replaceCode(
    db,
    {
      email,
      codeHash: hashCode(secret, email, code),
      expiresAt: new Date(now.getTime() + TTL_MS),
      sentAt: now,
    },
    new Date(now.getTime() - COOLDOWN_MS),
  );
  if (!stored) {
    const row = await codes.findCode(db, email);
    const wait = row ? (row.lastSentAt.getTime() + COOLDOWN_MS - now.getTime()) / 1000 : 1;
    const seconds = Math.max(1, Math.ceil(wait));
    throw rateLimited(ACCOUNT.codeResendWait(seconds), seconds);
  }
  return code;
}

/** Forgets a code whose e-mail could not be sent, so the cooldown does not hold up a retry. */
export async function withdrawCode(db: Db, secret: string, email: string, code: string) {
  await codes.deleteCode(db, email, hashCode(secret, email, code));
}

/**
 * Checks a code. A wrong one counts a try (committed even though the call fails); the 5th
 * voids the code. A right one marks the address verified for the next 10 minutes.
 */
export async function checkCode(db: Db, secret: string, email: string, otp: string) {
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    const row = await codes.findCode(tx, email, true);
    if (!row || row.expiresAt <= now) return 'invalid' as const;
    if (!sameHash(hashCode(secret, email, otp.trim()), row.codeHash)) {
      const tries = await codes.countWrongTry(tx, email);
      if (tries < SIGNUP_CODE.maxWrongTries) return 'invalid' as const;
      await codes.deleteCode(tx, email);
      return 'voided' as const;
    }
    if (!row.verifiedAt) {
      await codes.markVerified(tx, email, now, new Date(now.getTime() + TTL_MS));
    }
    return 'ok' as const;
  });
  if (outcome === 'invalid') throw badRequest(AUTH.otpInvalid, 'otp');
  if (outcome === 'voided') throw badRequest(ACCOUNT.codeTooManyTries, 'otp');
}

/** Inside the sign-up transaction: uses up the verified code, or refuses the sign-up. */
export async function consumeVerifiedCode(tx: Executor, email: string): Promise<void> {
  const row = await codes.findCode(tx, email, true);
  if (!row?.verifiedAt || row.expiresAt <= new Date()) {
    throw badRequest(ACCOUNT.emailNotVerified, 'email');
  }
  await codes.deleteCode(tx, email);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
