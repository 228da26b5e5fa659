import {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type Order,
  type OrderLine,
} from '@otaku/shared';
import { useState } from 'react';
import { Badge } from '../../../components/ui';
import { formatLongDate, formatPrice } from '../../../lib/format';
import { CancelPreorderDialog } from './cancel-preorder-dialog';
import { OrderLines } from './order-lines';

/** One past order: number, US long date, status (pending yellow, others green), lines, total. */
export function OrderCard({ order }: { order: Order }) {
  const [cancelling, setCancelling] = useState<OrderLine | null>(null);
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-100">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-ink-100 pb-3">
        <div className="flex flex-col">
          <span className="font-mono text-sm font-semibold text-ink-900">{order.orderID}</span>
          <time dateTime={order.createdAt} className="text-sm text-ink-500">
            {formatLongDate(order.createdAt)}
          </time>
        </div>
        <Badge tone={order.status === 'pending' ? 'sun' : 'green'}>
          {ORDER_STATUS_LABELS[order.status]}
        </Badge>
      </div>
      <OrderLines
        lines={order.products}
        onCancel={setCancelling}
        className="flex flex-col gap-2 py-3"
      />
      <CancelPreorderDialog order={order} line={cancelling} onClose={() => setCancelling(null)} />
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-ink-100 pt-3 text-sm">
        <span className="text-ink-500">
          {PAYMENT_METHOD_LABELS[order.paymentMethod]}
          {order.couponCode
            ? ` · Coupon ${order.couponCode} (-${formatPrice(order.discount)})`
            : ''}
        </span>
        <span className="font-bold text-ink-900">Total {formatPrice(order.finalAmount)}</span>
      </div>
    </li>
  );
}
