/**
 * Moving one's own account to a new address (DESIGN.md §8 "Proof before change", decision
 * 136): the signed-in holder asks for a code at the new address with the current password, and
 * the edit then carries the code with the current password again. The code belongs to the
 * account and the address together: it passes for no other account and no other address, five
 * wrong tries void it, and it is used up by the edit that changes the address.
 */
import { ACCOUNT, DASHBOARD_RULES, type EmailChangeCodeRequest } from '@otaku/shared';
import type { Db, Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { enforceRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { findUserByEmail, findUserById } from '../auth/auth.repo';
import {
  checkCodeToUse,
  issueCode,
  mailNewCodeLater,
  useCheckedCode,
  type CodeMailDeps,
  type CodeOwner,
} from '../auth/email-codes';
import { checkCurrentPassword } from './current-password';

const HOUR = 60 * 60;

/** On top of the 30 s resend cooldown of every code. */
export const EMAIL_CHANGE_LIMITS = {
  /** Spent only by the session's holder. */
  perAccount: { name: 'email-change-code:account', limit: 6, windowSeconds: HOUR },
  /**
   * Across accounts, against mail bombing; counted once the current password is right. Above
   * the per-account limit, so one account cannot spend the budget of the address it names and
   * keep its owner from moving there (it takes four accounts and their passwords).
   */
  perEmail: { name: 'email-change-code:email', limit: 20, windowSeconds: HOUR },
  perIp: { name: 'email-change-code:ip', limit: 20, windowSeconds: HOUR },
} satisfies Record<string, RateLimitRule>;

export const emailChangeOf = (accountId: string, email: string): CodeOwner => ({
  email,
  purpose: 'email-change',
  account: accountId,
});

/** What a wrong, expired, used or someone else's code is told: the same for each. */
const WRONG_CODE = { message: DASHBOARD_RULES.emailCodeInvalid, field: 'emailCode' };

/**
 * Mails a code to the address the account wants to move to, after answering. An address that
 * another account uses gets no mail, but a code that never passes is stored for it just the
 * same: the answer, its timing and the next wait are those of a free address.
 */
export async function sendEmailChangeCode(
  deps: CodeMailDeps,
  accountId: string,
  request: Required<EmailChangeCodeRequest>,
  ip: string,
): Promise<void> {
  const { db, config } = deps;
  const email = request.email;
  await enforceRateLimit(db, EMAIL_CHANGE_LIMITS.perIp, ip, ACCOUNT.tooManyCodeRequests);
  await enforceRateLimit(
    db,
    EMAIL_CHANGE_LIMITS.perAccount,
    accountId,
    ACCOUNT.tooManyCodeRequests,
  );
  const account = await findUserById(db, accountId);
  await checkCurrentPassword(db, account, request.currentPassword);
  if (email === account!.email) throw badRequest(DASHBOARD_RULES.emailUnchanged, 'email');
  await enforceRateLimit(db, EMAIL_CHANGE_LIMITS.perEmail, email, ACCOUNT.tooManyCodeRequests);
  const owner = emailChangeOf(accountId, email);
  if (await findUserByEmail(db, email)) await issueCode(db, config.jwtSecret, owner, false);
  else await mailNewCodeLater(deps, owner);
}

/**
 * Before the edit's transaction: refuses an own address change without a right code for this
 * account and address (a wrong one counts a try). Returns what `useEmailChangeCode` needs.
 */
export async function checkEmailChangeCode(
  db: Db,
  secret: string,
  owner: CodeOwner,
  code: string | undefined,
): Promise<string> {
  if (code === undefined) throw badRequest(DASHBOARD_RULES.emailCodeRequired, 'emailCode');
  return checkCodeToUse(db, secret, owner, code, WRONG_CODE);
}

/** Inside the edit's transaction: uses the code up; of two edits with it, only one can. */
export function useEmailChangeCode(tx: Executor, owner: CodeOwner, codeHash: string) {
  return useCheckedCode(tx, owner, codeHash, WRONG_CODE);
}
