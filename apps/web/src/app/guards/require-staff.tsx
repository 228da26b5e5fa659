import { isStaff } from '@otaku/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { LoginRedirect } from './login-redirect';

/**
 * Guards /dashboard/*: guests go to /login, signed-in shoppers without a staff role go home
 * (spec §2). It renders before the dashboard's code is requested, so shoppers never load it.
 */
export function RequireStaff({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  if (!user) return <LoginRedirect />;
  if (!isStaff(user.role)) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}
