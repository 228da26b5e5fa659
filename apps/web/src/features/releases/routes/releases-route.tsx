import { PAGE_TITLES, PREORDER, PRODUCT_IMAGE_SIZES, RELEASES_PAGE } from '@otaku/shared';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { ProductCard } from '../../../components/catalog';
import { Button, EmptyState, Page, ScreenSpinner } from '../../../components/ui';
import { usePageTitle } from '../../../lib/use-page-title';
import { releasesQuery } from '../api/get-releases';

/**
 * /releases (decision 167): the coming releases by month, earliest first, each month a grid of
 * its pre-orders' cards.
 */
export function ReleasesRoute() {
  usePageTitle(PAGE_TITLES.releases);
  const releases = useQuery(releasesQuery());

  if (releases.isPending) return <ScreenSpinner label={RELEASES_PAGE.loading} />;
  if (releases.isError) console.error(releases.error);
  const months = releases.data?.months ?? [];

  return (
    <Page className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold text-ink-900">{RELEASES_PAGE.heading}</h1>
        <p className="text-ink-700">{RELEASES_PAGE.lead}</p>
      </div>
      {releases.isError ? (
        <EmptyState icon={CalendarClock} title={RELEASES_PAGE.failed}>
          <Button variant="secondary" onClick={() => void releases.refetch()}>
            {RELEASES_PAGE.retry}
          </Button>
        </EmptyState>
      ) : months.length === 0 ? (
        <EmptyState icon={CalendarClock} title={PREORDER.releasesEmpty} />
      ) : (
        months.map((month) => (
          <section
            key={month.month}
            aria-labelledby={`releases-${month.month}`}
            className="flex flex-col gap-4"
          >
            <h2 id={`releases-${month.month}`} className="text-xl font-extrabold text-ink-900">
              {month.label}
            </h2>
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6">
              {month.products.map((product) => (
                <li key={product.productID}>
                  <ProductCard product={product} imageSizes={PRODUCT_IMAGE_SIZES.shopGrid} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Page>
  );
}
