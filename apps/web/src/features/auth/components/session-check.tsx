import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ApiError, refreshSession } from '../../../lib/api-client';
import { announceLoginRequired } from '../../../lib/login-required';
import { paths } from '../../../lib/paths';
import { clearSession, getSession, setSession } from '../../../lib/session';
import { authCalls } from '../api/auth-calls';

/**
 * Spec §4, Session: on start the stored user is shown at once, and when a user or token is
 * stored the server is asked who it belongs to. A 401 tries the cookie session (the single
 * shared refresh, which also restores a Google sign-in); if that fails too, the user is
 * cleared and local storage wiped — without leaving the page: guards decide where guests go,
 * and the page's login message (spec §5, purchase history) says why.
 * Other refusals (403, 404) clear the user; an unreachable server changes nothing.
 * Google completion pages are skipped: they sign in themselves.
 */
export function SessionCheck() {
  const { pathname } = useLocation();
  const started = useRef(false);
  const pathnameRef = useRef(pathname);

  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (started.current || pathname.startsWith(paths.googleAuth)) return;
    started.current = true;
    const { user, token } = getSession();
    if (!user && !token) return;
    void verifyStoredSession(() => announceLoginRequired(pathnameRef.current));
  }, [pathname]);

  return null;
}

/** `onCleared` runs when the stored session is about to be wiped, while the page is still shown. */
export async function verifyStoredSession(onCleared: () => void): Promise<void> {
  try {
    const body = await authCalls.verify();
    setSession(body.user);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) return;
    if (error.status === 401 && (await refreshSession())) return;
    onCleared();
    clearSession();
  }
}
