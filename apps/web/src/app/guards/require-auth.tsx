import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { LoginRedirect } from './login-redirect';

/** Guards signed-in routes (spec §2: /cart, /history): guests go to /login. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  if (!user) return <LoginRedirect />;
  return children ?? <Outlet />;
}
