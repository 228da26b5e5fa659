import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { returnPath } from '../../lib/paths';
import { useSession } from '../../lib/session';

/**
 * Guards /login and /signup, which only get a guest signed in: a visitor who arrives there
 * signed in (Back to a login form used since, an old tab or link) goes on to where the login
 * was taking them, else home, replacing the entry. One who signs in on the page is sent on by
 * the page itself, with its own toast and timing. The recruiter and password-reset pages stay
 * open: a signed-in visitor may mean to create a staff account or change a password there.
 */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const { state } = useLocation();
  const [arrivedSignedIn] = useState(user !== null);
  if (arrivedSignedIn) return <Navigate to={returnPath(state)} replace />;
  return children ?? <Outlet />;
}
