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
 * calls the logout API (which revokes the session cookie), then sees /login. If that call
 * fails nothing is wiped and a toast asks to try again.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (getSession().user?.googleId) {
      clearSession();
      queryClient.clear();
      window.location.assign(googleUrls.logout);
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
