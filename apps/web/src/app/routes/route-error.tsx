import { PAGE_TITLES } from '@otaku/shared';
import { TriangleAlert } from 'lucide-react';
import { Button, Page } from '../../components/ui';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Shown when a screen fails to render or its code fails to load (e.g. a new version was
 * deployed while the tab was open): a reload fetches the current files. Plain links only, so
 * it also works outside the router.
 */
export function RouteError() {
  usePageTitle(PAGE_TITLES.error);
  return (
    <main id="main-content" className="flex flex-1 flex-col">
      <Page className="flex flex-col items-center gap-4 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-sun-100 text-sun-700">
          <TriangleAlert aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-extrabold text-ink-900 sm:text-3xl">Something went wrong</h1>
        <p className="max-w-md text-ink-600">
          This page could not be shown. Reloading usually fixes it; if not, head back home.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <a
            href={paths.home}
            className="inline-flex h-10 items-center px-5 text-sm font-semibold text-ink-700 underline-offset-4 hover:underline"
          >
            Back to home
          </a>
        </div>
      </Page>
    </main>
  );
}
