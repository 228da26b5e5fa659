import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ScreenSpinner } from '../../components/ui';
import { Footer } from './footer';

/** Shopper screens: the screen itself (loaded on demand) above the footer. */
export function ShopLayout() {
  return (
    <>
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<ScreenSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
