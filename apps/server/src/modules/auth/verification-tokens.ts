/**
 * Proof before change (DESIGN.md §8, decision 131). A verified code answers with a
 * verification token: 32 bytes from a CSPRNG, of which only an HMAC over the purpose, the
 * address and the token is kept, on the row of the code it proves. The last step of sign-up, of
 * a reset or of the recruiter page needs it, so knowing an address is never enough. A token is
 * good for one address and one purpose, for 10 minutes, once.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { ACCOUNT } from '@otaku/shared';
import type { Db, Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { enforceRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import * as codes from './email-codes.repo';

export function newVerificationToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashVerificationToken(
  secret: string,
  owner: codes.CodeOwner,
  token: string,
): string {
  return createHmac('sha256', secret)
    .update(`${owner.purpose}-token:${owner.email}:${token}`)
    .digest('hex');
}

/** What a wrong, used, expired or someone else's token is told; the same for each. */
const refused = () => badRequest(ACCOUNT.verificationExpired, 'verificationToken');

/** The throttles of a last step. */
export interface LastStepLimits {
  perIp: RateLimitRule;
  perEmail: RateLimitRule;
}

/**
 * The door of a last step, before it hashes a password: counts the call per client address
 * (429 over the limit), then checks the token without using it up. A call without a good token
 * counts per address too and is refused (429 over that limit, else 400). A call with a good
 * token is not counted per address: strangers calling for an address cannot keep its owner,
 * who holds the token, from finishing. The token is used up in the step's transaction
 * (`useVerificationToken`).
 */
export async function checkVerificationToken(
  db: Db,
  secret: string,
  owner: codes.CodeOwner,
  token: string,
  ip: string,
  limits: LastStepLimits,
): Promise<void> {
  await enforceRateLimit(db, limits.perIp, ip, ACCOUNT.tooManyAccountSteps);
  const row = await codes.findCode(db, owner);
  const good =
    row?.verifiedAt &&
    row.tokenHash === hashVerificationToken(secret, owner, token) &&
    row.expiresAt > new Date();
  if (good) return;
  await enforceRateLimit(db, limits.perEmail, owner.email, ACCOUNT.tooManyAccountSteps);
  throw refused();
}

/**
 * Inside the last step's transaction: uses up the token, or refuses the step. Of two steps
 * with the same token at the same moment, exactly one gets it.
 */
export async function useVerificationToken(
  tx: Executor,
  secret: string,
  owner: codes.CodeOwner,
  token: string,
): Promise<void> {
  const hash = hashVerificationToken(secret, owner, token);
  if (!(await codes.useToken(tx, owner, hash, new Date()))) throw refused();
}
