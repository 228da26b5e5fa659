import { PAGE_PARAM, PAGE_TITLES, PAGES, pageFromParam } from '@otaku/shared';
import { History } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink, Page, PastLastPage, ScreenSpinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { scrollToListStart } from '../../../lib/scroll-to-list-start';
import { useOrders } from '../api/get-orders';
import { OrderCard } from '../components/order-card';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * /history (spec §2, Purchase history): pages of orders with Previous, Next and 'Page X of Y'.
 * The page is in the URL (/history?page=2, read as the shop reads its own), so a reload keeps
 * it and Back returns to the page before.
 */
export function HistoryRoute() {
  usePageTitle(PAGE_TITLES.history);
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get(PAGE_PARAM));
  const orders = useOrders(page);
  // A 401 has already sent the visitor to /login with the login message (spec §8, History;
  // app/session-expiry.tsx): the page, gone by then, has nothing to add.
  const expired = orders.error instanceof ApiError && orders.error.status === 401;

  const goToPage = (next: number) => {
    setParams(next > 1 ? { [PAGE_PARAM]: String(next) } : {});
    scrollToListStart();
  };

  if (orders.isPending) return <ScreenSpinner label="Loading your orders" />;
  // Spec §8: other errors are only logged; the 401 rules live in the API client.
  if (orders.isError && !expired) console.error(orders.error);
  const data = orders.data;

  if (!data || data.totalOrders === 0)
    return (
      <Page roomy className="flex flex-col items-center gap-4 text-center">
        <History aria-hidden="true" className="size-12 text-ink-300" />
        <h1 className="text-2xl font-extrabold text-ink-900">{PAGES.noPurchaseHistory}</h1>
        <ButtonLink to={paths.shop}>Browse the shop</ButtonLink>
      </Page>
    );

  // A bookmarked page of a history that has fewer pages (decision 040).
  const pastLastPage = data.paginatedOrders.length === 0 && page > data.totalPages;
  return (
    <Page className="flex flex-col gap-6">
      <h1 className="text-3xl font-extrabold text-ink-900">Purchase History</h1>
      {pastLastPage ? (
        <PastLastPage
          page={page}
          lastPage={data.totalPages}
          onGoToLast={() => goToPage(data.totalPages)}
          className="py-12"
        />
      ) : (
        <>
          <ul className="flex flex-col gap-4" aria-busy={orders.isFetching}>
            {data.paginatedOrders.map((order) => (
              <OrderCard key={order._id} order={order} />
            ))}
          </ul>
          <nav aria-label="Pagination" className="flex items-center justify-center gap-4">
            <Button variant="secondary" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
              Previous
            </Button>
            <span className="text-sm font-semibold text-ink-700">
              Page {data.currPage} of {data.totalPages}
            </span>
            <Button
              variant="secondary"
              disabled={page >= data.totalPages}
              onClick={() => goToPage(page + 1)}
            >
              Next
            </Button>
          </nav>
        </>
      )}
    </Page>
  );
}
