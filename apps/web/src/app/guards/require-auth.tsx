import { useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { LoginRedirect } from './login-redirect';

/**
 * Guards signed-in routes (spec §2: /cart, /history): guests go to /login. A guest who opens
 * one is told the page's login message (spec §5). A session that ends while the page is open
 * is told elsewhere or not at all: an expired one by whoever noticed it (the API client's
 * handler, the start-up check), a Logout not at all, since the visitor asked for it.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const [arrivedAsGuest] = useState(user === null);
  if (!user) return <LoginRedirect announce={arrivedAsGuest} />;
  return children ?? <Outlet />;
}
