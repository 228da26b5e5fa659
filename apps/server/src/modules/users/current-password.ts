/**
 * Editors changing their own password or email prove it is them with the current password
 * (decision 135), so a session left open or a stolen access token cannot take the account for
 * good. Counted per account: only the session's holder can spend the tries.
 */
import { DASHBOARD_RULES } from '@otaku/shared';
import type { Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { enforceRateLimit, resetRateLimit, type RateLimitRule } from '../../lib/rate-limit';

/** Wrong current passwords an editor may type in a window before a wait (decision 135). */
export const CURRENT_PASSWORD_LIMIT = {
  name: 'current-password:account',
  limit: 10,
  windowSeconds: 15 * 60,
} satisfies RateLimitRule;

/** Refuses, on the currentPassword field, a missing or wrong current password. */
export async function checkCurrentPassword(
  db: Executor,
  account: { id: string; passwordHash: string | null } | undefined,
  currentPassword: string | undefined,
): Promise<void> {
  if (!account?.passwordHash)
    throw badRequest(DASHBOARD_RULES.noPasswordToConfirm, 'currentPassword');
  if (currentPassword === undefined)
    throw badRequest(DASHBOARD_RULES.currentPasswordRequired, 'currentPassword');
  await enforceRateLimit(
    db,
    CURRENT_PASSWORD_LIMIT,
    account.id,
    DASHBOARD_RULES.currentPasswordTooManyTries,
  );
  if (!(await verifyPassword(account.passwordHash, currentPassword)))
    throw badRequest(DASHBOARD_RULES.currentPasswordWrong, 'currentPassword');
  await resetRateLimit(db, CURRENT_PASSWORD_LIMIT, account.id);
}
