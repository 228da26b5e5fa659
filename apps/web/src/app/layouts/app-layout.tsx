import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../../components/ui';
import { SessionCheck } from '../../features/auth/components/session-check';
import { paths } from '../../lib/paths';
import { ErrorBoundary } from '../routes/error-boundary';
import { RouteError } from '../routes/route-error';
import { ScrollToTop } from '../scroll-to-top';
import { SessionExpiryHandler } from '../session-expiry';
import { Navbar } from './navbar';

const isDashboardPath = (pathname: string) =>
  pathname === paths.dashboard.root || pathname.startsWith(`${paths.dashboard.root}/`);

/** The frame of every screen: skip link, navigation bar, the screen, and the toast outlet. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-full bg-sun-400 px-4 py-2 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Navbar />
      {/* Keyed by path: moving to another page clears an error shown for the last one. */}
      <ErrorBoundary fallback={<RouteError />} resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
      <Toaster variant={isDashboardPath(pathname) ? 'dashboard' : 'shop'} />
      <ScrollToTop />
      <SessionExpiryHandler />
      <SessionCheck />
    </div>
  );
}
