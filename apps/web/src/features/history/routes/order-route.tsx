import {
  ORDER_CONFIRMATION,
  PAGE_TITLES,
  PAYMENT_METHOD_LABELS,
  type Order,
  type OrderLine,
} from '@otaku/shared';
import { useState } from 'react';
import { CircleCheckBig } from 'lucide-react';
import { useParams } from 'react-router';
import { Button, ButtonLink, NotFoundPanel, Page, ScreenSpinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate, formatPrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { CancelPreorderDialog } from '../components/cancel-preorder-dialog';
import { OrderLines } from '../components/order-lines';
import { useOrder } from '../api/get-order';

/**
 * /history/:orderId: one of the shopper's orders, where a cash-on-delivery order lands
 * (decision 159): its number, lines, totals and address, and the way to the purchase history.
 * The server answers only the order's owner; anyone else's number reads as not found.
 */
export function OrderRoute() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const notFound = order.error instanceof ApiError && order.error.status === 404;
  usePageTitle(notFound ? PAGE_TITLES.notFound : PAGE_TITLES.order(orderId.toUpperCase()));

  if (order.isPending) return <ScreenSpinner label="Loading your order" />;
  if (notFound)
    return (
      <Page>
        <NotFoundPanel
          title={ORDER_CONFIRMATION.notFoundTitle}
          message={ORDER_CONFIRMATION.notFoundText}
        >
          <ButtonLink to={paths.history}>{ORDER_CONFIRMATION.history}</ButtonLink>
        </NotFoundPanel>
      </Page>
    );
  if (!order.data)
    return (
      <Page className="flex flex-col items-center gap-4 text-center">
        <p role="alert" className="text-lg font-bold text-ink-900">
          {ORDER_CONFIRMATION.loadFailed}
        </p>
        <Button variant="secondary" onClick={() => void order.refetch()}>
          {ORDER_CONFIRMATION.retry}
        </Button>
      </Page>
    );
  return <OrderConfirmation order={order.data} />;
}

function OrderConfirmation({ order }: { order: Order }) {
  const [cancelling, setCancelling] = useState<OrderLine | null>(null);
  const row = 'flex items-center justify-between gap-4 py-1';
  return (
    <Page>
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <header className="flex flex-col items-center gap-3 text-center">
          <span className="grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-600">
            <CircleCheckBig aria-hidden="true" className="size-8" />
          </span>
          <h1 className="text-3xl font-extrabold text-ink-900">{ORDER_CONFIRMATION.title}</h1>
          <p className="text-ink-600">
            {ORDER_CONFIRMATION.lead}
            {order.paymentMethod === 'cod' ? ` ${ORDER_CONFIRMATION.payOnDelivery}` : ''}
          </p>
        </header>

        <section className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-100">
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-ink-500">{ORDER_CONFIRMATION.orderNumber}</dt>
              <dd className="font-mono text-lg font-bold text-ink-900">{order.orderID}</dd>
              <dd className="text-sm text-ink-500">
                <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time> ·{' '}
                {PAYMENT_METHOD_LABELS[order.paymentMethod]}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-sm text-ink-500">{ORDER_CONFIRMATION.deliverTo}</dt>
              <dd className="break-words whitespace-pre-line text-ink-800">
                {order.shippingAddress}
              </dd>
            </div>
          </dl>

          <h2 className="border-t border-ink-100 pt-4 font-bold text-ink-900">
            {ORDER_CONFIRMATION.items}
          </h2>
          <OrderLines
            lines={order.products}
            linked
            onCancel={setCancelling}
            className="flex flex-col gap-3"
          />
          <CancelPreorderDialog
            order={order}
            line={cancelling}
            onClose={() => setCancelling(null)}
          />

          <dl className="border-t border-ink-100 pt-3 text-sm text-ink-700">
            <div className={row}>
              <dt>{ORDER_CONFIRMATION.subtotal}</dt>
              <dd>{formatPrice(order.subtotal)}</dd>
            </div>
            <div className={row}>
              <dt>{ORDER_CONFIRMATION.shipping}</dt>
              <dd>{formatPrice(order.shippingCost)}</dd>
            </div>
            {order.couponCode && order.discount > 0 ? (
              <div className={`${row} text-emerald-700`}>
                <dt>{ORDER_CONFIRMATION.discount(order.couponCode, order.discountPercentage)}</dt>
                <dd>-{formatPrice(order.discount)}</dd>
              </div>
            ) : null}
            <div
              className={`${row} mt-1 border-t border-ink-100 pt-2 text-base font-bold text-ink-900`}
            >
              <dt>{ORDER_CONFIRMATION.total}</dt>
              <dd>{formatPrice(order.finalAmount)}</dd>
            </div>
          </dl>
        </section>

        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.history}>{ORDER_CONFIRMATION.history}</ButtonLink>
          <ButtonLink to={paths.shop} variant="secondary">
            {ORDER_CONFIRMATION.continueShopping}
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
