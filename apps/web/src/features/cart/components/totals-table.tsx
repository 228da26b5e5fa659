import { toDollars, type Totals } from '@otaku/shared';
import { formatPrice } from '../../../lib/format';

export interface TotalsTableProps {
  totals: Totals;
  /** The discount percent of an applied coupon; 0 when none. */
  percent: number;
  itemCount?: number;
}

/** Subtotal, shipping, discount and total; with a discount the original total is struck through. */
export function TotalsTable({ totals, percent, itemCount }: TotalsTableProps) {
  const original = totals.subtotalCents + totals.shippingCents;
  const row = 'flex items-center justify-between gap-4 py-1';
  return (
    <dl className="text-sm text-ink-700">
      {itemCount !== undefined ? (
        <div className={row}>
          <dt>Items</dt>
          <dd>{itemCount}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>Subtotal</dt>
        <dd>{formatPrice(toDollars(totals.subtotalCents))}</dd>
      </div>
      <div className={row}>
        <dt>Shipping</dt>
        <dd>{formatPrice(toDollars(totals.shippingCents))}</dd>
      </div>
      {percent > 0 ? (
        <div className={`${row} text-emerald-700`}>
          <dt>Discount ({percent}%)</dt>
          <dd>-{formatPrice(toDollars(totals.discountCents))}</dd>
        </div>
      ) : null}
      <div className={`${row} mt-1 border-t border-ink-100 pt-2 text-base font-bold text-ink-900`}>
        <dt>Total</dt>
        <dd className="flex items-baseline gap-2">
          {percent > 0 ? (
            <s className="text-sm font-medium text-ink-400" aria-label="Original total">
              {formatPrice(toDollars(original))}
            </s>
          ) : null}
          <span data-testid="order-total">{formatPrice(toDollars(totals.totalCents))}</span>
        </dd>
      </div>
    </dl>
  );
}
