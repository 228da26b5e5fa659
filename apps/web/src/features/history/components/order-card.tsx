import { PAYMENT_METHOD_LABELS, type Order } from '@otaku/shared';
import { Badge } from '../../../components/ui';
import { formatLongDate, formatPrice } from '../../../lib/format';

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** One past order: number, US long date, status (pending yellow, others green), lines, total. */
export function OrderCard({ order }: { order: Order }) {
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
          {STATUS_LABELS[order.status] ?? order.status}
        </Badge>
      </div>
      <ul className="flex flex-col gap-2 py-3">
        {order.products.map((line, i) => (
          <li
            key={`${line.productId._id ?? line.productId.name}-${line.variant}-${i}`}
            className="flex items-center gap-3"
          >
            <img
              src={line.productId.image}
              alt=""
              width={40}
              height={53}
              className="h-13 w-10 rounded-md bg-ink-50 object-cover"
            />
            {/* The name wraps rather than cut: on a phone a cut hid the variant and quantity. */}
            <span className="min-w-0 flex-1 text-sm break-words text-ink-800">
              {line.productId.name}
              {line.variant ? <span className="text-ink-500"> ({line.variant})</span> : null} ×{' '}
              {line.quantity}
            </span>
            <span className="text-sm text-ink-700">{formatPrice(line.price * line.quantity)}</span>
          </li>
        ))}
      </ul>
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
