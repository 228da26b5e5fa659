import type { CartItem } from '@otaku/shared';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { LineRelease } from '../../../components/catalog';
import { Badge, Button } from '../../../components/ui';
import { formatPrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';

export interface CartLineProps {
  item: CartItem;
  /** A change to this line is on its way: its buttons wait (spec §4, Cart). */
  pending: boolean;
  /** Minus (-1) or plus (+1): the quantity it leads to is worked out when the change is sent. */
  onStep: (by: 1 | -1) => void;
  onRemove: () => void;
}

/** One cart line: image, name, variant badge, line price and the quantity buttons. */
export function CartLine({ item, pending, onStep, onRemove }: CartLineProps) {
  const label = item.selectedVariant ? `${item.name} (${item.selectedVariant})` : item.name;
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100">
      {/* The picture leads where the name does: one link for keyboards and screen readers. */}
      <Link
        to={paths.product(item.productId)}
        className="shrink-0"
        tabIndex={-1}
        aria-hidden="true"
      >
        <img
          src={item.image}
          alt=""
          width={72}
          height={96}
          className="h-24 w-18 rounded-lg bg-ink-50 object-cover"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {/* Two lines, not one: similar products ("… Crimson Moon" the comic, "… Crimson Moon 1/7
            Scale Figure") differ at the end of their names. The title shows a longer one whole. */}
        <Link
          to={paths.product(item.productId)}
          title={item.name}
          className="line-clamp-2 font-semibold break-words text-ink-900 hover:text-sakura-700"
        >
          {item.name}
        </Link>
        <div className="flex flex-wrap items-center gap-2 text-sm text-ink-500">
          {item.selectedVariant ? <Badge tone="sakura">{item.selectedVariant}</Badge> : null}
          <span>{formatPrice(item.price)} each</span>
        </div>
        <LineRelease releaseDate={item.releaseDate} />
        {/* The line's price moves under the buttons when a phone has no room for both. */}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-2 pt-2">
          <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${label}`}>
            <Button
              variant="secondary"
              size="icon"
              aria-label={`Decrease quantity of ${label}`}
              disabled={pending}
              onClick={() => onStep(-1)}
            >
              <Minus aria-hidden="true" className="size-4" />
            </Button>
            <output
              aria-label={`Quantity of ${label}`}
              className="min-w-6 text-center font-semibold"
            >
              {item.itemQuantity}
            </output>
            <Button
              variant="secondary"
              size="icon"
              aria-label={`Increase quantity of ${label}`}
              disabled={pending}
              onClick={() => onStep(1)}
            >
              <Plus aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="remove"
              size="icon"
              aria-label={`Remove ${label}`}
              disabled={pending}
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <span className="ml-auto font-bold text-ink-900 tabular-nums">
            {formatPrice(Math.round(item.price * item.itemQuantity * 100) / 100)}
          </span>
        </div>
      </div>
    </li>
  );
}
