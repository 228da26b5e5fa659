import { AUTH } from '@otaku/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { authCalls, googleUrls } from '../../features/auth/api/auth-calls';
import { paths } from '../../lib/paths';
import { clearSession, getSession } from '../../lib/session';

/**
 * Logout (spec §4): all local storage is wiped. A Google-signed-in user goes through the
 * server's Google logout redirect, which ends the session and lands on /login; everyone else
 * calls the logout API (which ends the session, its access token included), then sees /login.
 * If that call fails nothing is wiped and a toast asks to try again. Both are POSTs, which the
 * server accepts only from the shop's own pages (decision 129).
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (getSession().user?.googleId) {
      clearSession();
      queryClient.clear();
      postNavigation(googleUrls.logout);
      return;
    }
    authCalls.logout().then(
      () => {
        clearSession();
        queryClient.clear();
        void navigate(paths.login, { replace: true });
      },
      () => toast.error(AUTH.logoutFailed),
    );
  }, [navigate, queryClient]);
}

/** Sends the browser to `url` as a form's POST, so that it follows the redirect it answers. */
function postNavigation(url: string): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  form.hidden = true;
  document.body.append(form);
  form.submit();
}
