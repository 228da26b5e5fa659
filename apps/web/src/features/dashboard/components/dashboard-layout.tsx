import { BREAKPOINTS } from '@otaku/shared';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { ScreenSpinner } from '../../../components/ui';
import { useMediaQuery } from '../../../lib/use-media-query';
import { DashboardDrawer } from './dashboard-drawer';
import { DashboardNav, SIDEBAR_TITLE } from './dashboard-nav';

const drawerQuery = `(max-width: ${BREAKPOINTS.dashboardSidebarPx}px)`;

/** The dashboard frame: a fixed sidebar on wide screens, a drawer at 1120 px or less. */
export function DashboardLayout() {
  const isDrawer = useMediaQuery(drawerQuery);
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <div className="flex flex-1 bg-ink-50">
      {isDrawer ? null : (
        <aside className="sticky top-16 flex h-[calc(100dvh-4rem)] w-64 shrink-0 flex-col gap-6 overflow-y-auto bg-ink-900 p-5 text-white">
          <h2 className="text-lg font-extrabold">{SIDEBAR_TITLE}</h2>
          <DashboardNav />
        </aside>
      )}
      <main
        id="main-content"
        tabIndex={-1}
        className="flex min-w-0 flex-1 flex-col gap-4 p-4 outline-none sm:p-6 lg:p-8"
      >
        {isDrawer ? (
          <div className="flex items-center gap-3">
            <DashboardDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
            <span className="font-display text-sm font-bold text-ink-500">{SIDEBAR_TITLE}</span>
          </div>
        ) : null}
        <Suspense fallback={<ScreenSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
