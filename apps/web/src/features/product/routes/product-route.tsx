import { PAGE_TITLES, PRODUCT_PAGE, type Product } from '@otaku/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useParams } from 'react-router';
import { Button, ButtonLink, NotFoundPanel, Page, ScreenSpinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { productQuery } from '../../../lib/catalog-queries';
import { useShopLink } from '../../../lib/last-shop-search';
import { usePageTitle } from '../../../lib/use-page-title';
import { ProductDetails } from '../components/product-details';
import { withStock } from '../lib/purchase';

/** Back to the shop as the shopper left it: their last category, filters, sort and page. */
function BackToShop({ to }: { to: string }) {
  return (
    <ButtonLink to={to} variant="ghost" size="sm" className="-ml-3 w-fit">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {PRODUCT_PAGE.backToShop}
    </ButtonLink>
  );
}

/** /shop/:productId (spec §2, Product detail); an unknown product gets a friendly 404. */
export function ProductRoute() {
  const { productId = '' } = useParams();
  const queryClient = useQueryClient();
  const shopLink = useShopLink();
  const query = productQuery(productId);
  const { data: product, error, isPending, refetch } = useQuery(query);
  const notFound = error instanceof ApiError && error.status === 404;
  usePageTitle(
    product
      ? PAGE_TITLES.product(product.name)
      : notFound
        ? PAGE_TITLES.productNotFound
        : PAGE_TITLES.shop,
  );

  if (isPending) return <ScreenSpinner />;
  if (notFound) {
    return (
      <Page>
        <NotFoundPanel title={PRODUCT_PAGE.notFoundTitle} message={PRODUCT_PAGE.notFoundText}>
          <ButtonLink to={shopLink}>{PRODUCT_PAGE.backToShop}</ButtonLink>
        </NotFoundPanel>
      </Page>
    );
  }
  if (!product) {
    return (
      <Page className="flex flex-col items-center gap-4 text-center">
        <p className="text-lg font-bold text-ink-900">{PRODUCT_PAGE.loadFailed}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          {PRODUCT_PAGE.retry}
        </Button>
        <BackToShop to={shopLink} />
      </Page>
    );
  }

  const onStockChange = (variant: string, stock: number) =>
    queryClient.setQueryData<Product>(query.queryKey, (current) =>
      current ? withStock(current, variant, stock) : current,
    );

  return (
    <Page className="flex flex-col gap-6">
      <BackToShop to={shopLink} />
      {/* A new product starts with a fresh choice of variant and quantity. */}
      <ProductDetails key={product.productID} product={product} onStockChange={onStockChange} />
    </Page>
  );
}
