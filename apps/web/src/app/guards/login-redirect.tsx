import { Navigate, useLocation } from 'react-router';
import { paths, type FromState } from '../../lib/paths';

/** Sends a guest to /login, replacing the history entry and remembering where they were going. */
export function LoginRedirect() {
  const { pathname, search, hash } = useLocation();
  const state: FromState = { from: { pathname, search, hash } };
  return <Navigate to={paths.login} replace state={state} />;
}
