import { isSessionUser, clearSession, setAuthToken, setSession } from '../../../lib/session';

/**
 * Keeps what a login, sign-up, recruiter or Google call returned (spec §4): a user that fails
 * the validity check clears local storage; the token is saved whenever there is one.
 * Returns whether a usable user was stored.
 */
export function storeSignedIn(body: { user?: unknown; token?: unknown }): boolean {
  const token = typeof body.token === 'string' && body.token ? body.token : null;
  if (isSessionUser(body.user)) {
    setSession(body.user, token);
    return true;
  }
  clearSession();
  if (token) setAuthToken(token);
  return false;
}
