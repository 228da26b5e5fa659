import { PAGE_TITLES, WISHLIST, type StockAlert, type WishlistResponse } from '@otaku/shared';
import { BellOff, Heart } from 'lucide-react';
import { Link } from 'react-router';
import { ProductImage, WishlistHeart } from '../../../components/catalog';
import { Badge, Button, ButtonLink, EmptyState, Page, ScreenSpinner } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { formatPrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCancelStockAlert } from '../../../lib/wishlist/wishlist-api';
import { useWishlist } from '../api/wishlist-page';

/**
 * /wishlist (decision 168): the products the shopper saved, newest first, each with its price,
 * whether it is in stock and a link to its page, and the sold-out items they wait for.
 */
export function WishlistRoute() {
  usePageTitle(PAGE_TITLES.wishlist);
  const wishlist = useWishlist();
  if (wishlist.isPending) return <ScreenSpinner label="Loading your wishlist" />;
  if (wishlist.isError)
    return (
      <Page roomy>
        <p role="alert" className="text-center text-red-700">
          {errorMessage(wishlist.error, WISHLIST.loadFailed)}
        </p>
      </Page>
    );
  const { items, alerts } = wishlist.data;

  return (
    <Page className="flex flex-col gap-10">
      <section aria-labelledby="wishlist-heading" className="flex flex-col gap-5">
        <h1 id="wishlist-heading" className="text-3xl font-extrabold text-ink-900">
          {WISHLIST.heading}
        </h1>
        {items.length === 0 ? (
          <EmptyState icon={Heart} title={WISHLIST.empty} className="py-10">
            <ButtonLink to={paths.shop}>Browse the shop</ButtonLink>
          </EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {items.map(({ product }) => (
              <SavedProduct key={product.productID} product={product} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="alerts-heading" className="flex flex-col gap-4">
        <h2 id="alerts-heading" className="text-2xl font-extrabold text-ink-900">
          {WISHLIST.alertsHeading}
        </h2>
        {alerts.length === 0 ? (
          <p className="text-ink-700">{WISHLIST.noAlerts}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {alerts.map((alert) => (
              <AlertRow key={`${alert.productID}-${alert.variant}`} alert={alert} />
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}

function SavedProduct({ product }: { product: WishlistResponse['items'][number]['product'] }) {
  return (
    <li className="flex items-center gap-4 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-ink-100">
      <ProductImage
        image={product.images}
        alt=""
        sizes="72px"
        className="aspect-[3/4] w-18 shrink-0 rounded-lg"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={paths.product(product.productID)}
          className="line-clamp-2 rounded font-bold text-ink-900 hover:text-sakura-700 hover:underline"
        >
          {product.name}
        </Link>
        <p className="font-extrabold text-ink-900">{formatPrice(product.price)}</p>
        <Badge tone={product.inStock ? 'green' : 'ink'} className="w-fit">
          {product.inStock ? WISHLIST.inStockLabel : WISHLIST.soldOutLabel}
        </Badge>
      </div>
      <WishlistHeart productID={product.productID} productName={product.name} />
    </li>
  );
}

function AlertRow({ alert }: { alert: StockAlert }) {
  const cancel = useCancelStockAlert();
  const what = alert.variant ? `${alert.name} (${alert.variant})` : alert.name;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-ink-100">
      <Link
        to={paths.product(alert.productID)}
        className="min-w-0 rounded font-semibold text-ink-900 hover:text-sakura-700 hover:underline"
      >
        {what}
      </Link>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`${WISHLIST.cancelAlert}: ${what}`}
        disabled={cancel.isPending}
        onClick={() => cancel.mutate({ productId: alert.productID, variant: alert.variant })}
      >
        <BellOff aria-hidden="true" className="size-4" />
        {WISHLIST.cancelAlert}
      </Button>
    </li>
  );
}
