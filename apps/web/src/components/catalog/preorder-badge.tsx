import {
  PREORDER,
  PREORDER_CANCEL,
  type OrderLine,
  type Product,
  type RefundStatus,
} from '@otaku/shared';
import { formatPrice } from '../../lib/format';
import { cn } from '../../lib/cn';
import { Badge, type BadgeSize } from '../ui';

export interface PreorderBadgeProps {
  product: Pick<Product, 'releaseDate'>;
  size?: BadgeSize;
  className?: string;
}

/**
 * A pre-order's "Pre-order" badge and its release month (decision 167), on shop cards, the
 * product page and /releases; nothing for a product that ships now.
 */
export function PreorderBadge({ product, size = 'sm', className }: PreorderBadgeProps) {
  if (!product.releaseDate) return null;
  return (
    <span className={cn('flex flex-wrap items-center gap-2', className)}>
      <Badge tone="sun" size={size}>
        {PREORDER.badge}
      </Badge>
      <span className={cn('font-semibold text-ink-700', size === 'md' ? 'text-sm' : 'text-xs')}>
        {PREORDER.releases(product.releaseDate)}
      </span>
    </span>
  );
}

export interface LineReleaseProps {
  /** The line's release date (yyyy-mm-dd); nothing is shown without one. */
  releaseDate?: string | null;
  /** Whether it still lies ahead; an order's line may have been released since. */
  waiting?: boolean;
  className?: string;
}

/** A cart, order or dashboard line's release: "Pre-order: releases 15 March 2027". */
export function LineRelease({ releaseDate, waiting = true, className }: LineReleaseProps) {
  if (!releaseDate) return null;
  return (
    <span className={cn('block text-xs font-semibold text-sun-700', className)}>
      {(waiting ? PREORDER.lineReleases : PREORDER.lineReleased)(releaseDate)}
    </span>
  );
}

/** A refund's words in the colour of what became of it: back, on its way, or not made. */
const REFUND_TONE: Record<RefundStatus, string> = {
  refunded: 'text-emerald-700',
  owed: 'text-amber-700',
  failed: 'text-red-700',
};

/**
 * What an order line says of itself under its name, in the history and the dashboard: a
 * cancelled pre-order (decision 169) with its card refund; else its release (and the date it
 * moved from, decision 170).
 */
export function OrderLineNote({ line }: { line: OrderLine }) {
  if (line.cancelled)
    return (
      <>
        {' '}
        <Badge tone="gray">{PREORDER_CANCEL.cancelledLabel}</Badge>
        {line.refund ? (
          <span className={cn('block text-xs font-semibold', REFUND_TONE[line.refund.status])}>
            {PREORDER_CANCEL.refund[line.refund.status](formatPrice(line.refund.amount))}
          </span>
        ) : null}
      </>
    );
  return (
    <>
      <LineRelease releaseDate={line.releaseDate} waiting={line.waitingForRelease} />
      {line.releaseMovedFrom ? (
        <span className="block text-xs text-ink-500">
          {PREORDER.movedFrom(line.releaseMovedFrom)}
        </span>
      ) : null}
    </>
  );
}
