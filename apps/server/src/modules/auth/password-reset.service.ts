/**
 * Password reset (decision 108): the address gets a one-time code, the code is verified and
 * answers with a verification token (decision 131), then a new password is set with that token,
 * every session of the account ends and a new one starts. The first two steps answer an address
 * without an account exactly as one with an account (a code that never passes is stored for it
 * too, only no mail goes out), so they do not tell whether the address is registered.
 */
import { ACCOUNT } from '@otaku/shared';
import { badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { enforceRateLimit } from '../../lib/rate-limit';
import type { AuthDeps, SignedIn } from './auth.service';
import { LIMITS } from './auth-limits';
import * as repo from './auth.repo';
import { checkCode, issueCode, mailNewCodeLater, type CodeOwner } from './email-codes';
import { clearAccountLoginTries } from './login-throttle';
import { endOtherSessions, startSession } from './sessions';
import { checkVerificationToken, useVerificationToken } from './verification-tokens';

const resetOf = (email: string): CodeOwner => ({ email, purpose: 'reset' });

/**
 * Mails a reset code when the address has an account, after answering; answers the same, as
 * fast, when it has none.
 */
export async function sendResetCode(deps: AuthDeps, email: string, ip: string): Promise<void> {
  const { db, config } = deps;
  await enforceRateLimit(db, LIMITS.resetCodePerIp, ip, ACCOUNT.tooManyCodeRequests);
  await enforceRateLimit(db, LIMITS.resetCodePerEmail, email, ACCOUNT.tooManyCodeRequests);
  // Both store a code, and neither waits for the mail server: the answer and its timing are
  // the same for an address without an account.
  if (await repo.findUserByEmail(db, email)) await mailNewCodeLater(deps, resetOf(email));
  else await issueCode(db, config.jwtSecret, resetOf(email), false);
}

/** Checks a reset code; a right one answers with the token the last step needs. */
export async function verifyResetCode(
  deps: AuthDeps,
  email: string,
  otp: string,
  ip: string,
): Promise<string> {
  const { db, config } = deps;
  await enforceRateLimit(db, LIMITS.verifyResetPerIp, ip, ACCOUNT.tooManyCodeChecks);
  await enforceRateLimit(db, LIMITS.verifyResetPerEmail, email, ACCOUNT.tooManyCodeChecks);
  return checkCode(db, config.jwtSecret, resetOf(email), otp);
}

/**
 * Sets the new password of an address proved by its verification token, which is checked
 * before the password is hashed and used up in the transaction that sets it. Every session of
 * the account ends: its refresh tokens are revoked and its access tokens refused from their
 * next call (decision 123). The account's counts of wrong passwords are cleared, and a new
 * session starts.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { email: string; password: string; verificationToken: string },
  ip: string,
): Promise<SignedIn> {
  const { db, config } = deps;
  const owner = resetOf(input.email);
  const token = input.verificationToken;
  const limits = { perIp: LIMITS.resetPasswordPerIp, perEmail: LIMITS.resetPasswordPerEmail };
  await checkVerificationToken(db, config.jwtSecret, owner, token, ip, limits);
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    await useVerificationToken(tx, config.jwtSecret, owner, token);
    const updated = await repo.setPassword(tx, input.email, passwordHash);
    // Only an address with an account is ever mailed a code, so this means it was deleted since.
    if (!updated) throw badRequest(ACCOUNT.verificationExpired, 'verificationToken');
    await endOtherSessions(tx, updated.id);
    return updated;
  });
  await clearAccountLoginTries(db, input.email);
  return { user, session: await startSession(db, config.jwtSecret, user.id) };
}
