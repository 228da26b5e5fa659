import { PAYMENT_METHOD_LABELS, type DashboardOrder } from '@otaku/shared';
import { OrderLineNote } from '../../../components/catalog';
import { formatPrice } from '../../../lib/format';
import { ShortUnitsDetails } from './short-units';

const term = 'text-xs font-semibold tracking-wide text-ink-500 uppercase';

/**
 * What staff need to ship an order: who, where, what and how it is paid (read-only), led by
 * the units that could not be taken from stock at payment, if any.
 */
export function OrderDetails({ order }: { order: DashboardOrder }) {
  return (
    <dl className="flex flex-col gap-3 text-sm text-ink-800">
      <ShortUnitsDetails units={order.shortUnits} />
      <div>
        <dt className={term}>Customer</dt>
        <dd className="break-words">
          <span className="font-semibold">{order.user.username}</span>
          <br />
          <span className="text-ink-600">{order.user.email}</span>
        </dd>
      </div>
      <div>
        <dt className={term}>Shipping address</dt>
        {/* As the shopper typed it, line breaks included. */}
        <dd className="break-words whitespace-pre-line">{order.shippingAddress}</dd>
      </div>
      <div>
        <dt className={term}>Items</dt>
        <dd>
          <ul className="divide-y divide-ink-100">
            {order.products.map((line, i) => (
              <li
                key={`${line.productId._id ?? line.productId.name}-${line.variant}-${i}`}
                className="flex items-baseline justify-between gap-3 py-1"
              >
                <span className="min-w-0 break-words">
                  {line.productId.name}
                  {line.variant ? <span className="text-ink-500"> ({line.variant})</span> : null}
                  <OrderLineNote line={line} />
                </span>
                <span className="shrink-0 text-ink-700">
                  {line.quantity} × {formatPrice(line.price)}
                </span>
              </li>
            ))}
          </ul>
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-3 border-t border-ink-100 pt-2">
        <dt className={term}>Total</dt>
        <dd className="text-right">
          <span className="font-bold text-ink-900">{formatPrice(order.finalAmount)}</span>
          {order.couponCode ? (
            <span className="block text-xs text-ink-500">
              Coupon {order.couponCode} (-{formatPrice(order.discount)})
            </span>
          ) : null}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-3">
        <dt className={term}>Payment</dt>
        <dd className="text-right">
          {/* "Cash on Delivery — unpaid", "Card — paid" */}
          {PAYMENT_METHOD_LABELS[order.paymentMethod]} — {order.paymentStatus}
        </dd>
      </div>
    </dl>
  );
}
