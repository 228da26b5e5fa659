import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { ScreenSpinner } from '../../components/ui';
import { Footer } from './footer';

/**
 * Shopper screens: the screen itself (loaded on demand) above the footer. The screen fills at
 * least the first viewport under the navigation bar (h-16), so the footer starts below the
 * fold: while a screen's code or data loads, the footer is not pushed down in view (layout
 * shift, docs/decisions/082).
 */
export function ShopLayout() {
  return (
    <>
      <main
        id="main-content"
        tabIndex={-1}
        className="flex min-h-[calc(100svh-4rem)] flex-1 flex-col outline-none"
      >
        <Suspense fallback={<ScreenSpinner />}>
          <Outlet />
          <ScreenReady />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}

/**
 * Marks `<html data-app="ready">` once the first screen is the app's: committed with it, so on
 * an SSR page (marked `data-app="hydrating"` by the entry), once React has hydrated that
 * screen's markup. The browser journeys wait for it before they touch an SSR page.
 */
function ScreenReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}
