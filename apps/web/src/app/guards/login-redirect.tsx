import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { announceLoginRequired } from '../../lib/login-required';
import { paths, type FromState } from '../../lib/paths';

/**
 * Sends a guest to /login, replacing the history entry and remembering where they were going.
 * With `announce`, the page's login message (lib/login-required) says why.
 */
export function LoginRedirect({ announce = false }: { announce?: boolean }) {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (announce) announceLoginRequired(pathname);
  }, [announce, pathname]);
  const state: FromState = { from: { pathname, search, hash } };
  return <Navigate to={paths.login} replace state={state} />;
}
