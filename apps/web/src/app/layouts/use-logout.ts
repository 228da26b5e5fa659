import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { clearSession } from '../../lib/session';

/**
 * Signs out on this device: wipes local storage and cached server data, then shows /login.
 * The accounts work adds the server logout call (and the Google logout redirect) here.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSession();
    queryClient.clear();
    void navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
