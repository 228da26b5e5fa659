import { PREORDER_CANCEL, type Order, type OrderLine } from '@otaku/shared';
import { Link } from 'react-router';
import { OrderLineNote } from '../../../components/catalog';
import { Button } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { formatPrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/**
 * An order's lines: picture, name with its variant and quantity, and the line's price. The
 * purchase history and the order's confirmation page show them alike; `linked` makes each name
 * a link to its product page (a product since removed keeps its name, unlinked). A pre-order
 * line waiting for its release offers its cancellation when `onCancel` is given (decision 169);
 * a cancelled line is struck through, marked and shows its card refund.
 */
export function OrderLines({
  lines,
  linked = false,
  onCancel,
  className,
}: {
  lines: Order['products'];
  linked?: boolean;
  onCancel?: (line: OrderLine) => void;
  className: string;
}) {
  return (
    <ul className={className}>
      {lines.map((line, i) => (
        <li
          key={`${line.productId._id ?? line.productId.name}-${line.variant}-${i}`}
          className="flex items-center gap-3"
        >
          <img
            src={line.productId.image}
            alt=""
            width={40}
            height={53}
            className="h-13 w-10 shrink-0 rounded-md bg-ink-50 object-cover"
          />
          {/* The name wraps rather than cut: on a phone a cut hid the variant and quantity. */}
          <span
            className={cn(
              'min-w-0 flex-1 text-sm break-words',
              line.cancelled ? 'text-ink-500' : 'text-ink-800',
            )}
          >
            <span className={cn(line.cancelled && 'line-through')}>
              {linked && line.productId._id ? (
                <Link to={paths.product(line.productId._id)} className="hover:text-sakura-700">
                  {line.productId.name}
                </Link>
              ) : (
                line.productId.name
              )}
              {line.variant ? <span className="text-ink-500"> ({line.variant})</span> : null} ×{' '}
              {line.quantity}
            </span>
            <OrderLineNote line={line} />
            {onCancel && line.waitingForRelease && !line.cancelled ? (
              <span className="mt-1.5 block">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={PREORDER_CANCEL.buttonLabel(line.productId.name)}
                  onClick={() => onCancel(line)}
                >
                  {PREORDER_CANCEL.button}
                </Button>
              </span>
            ) : null}
          </span>
          <span
            className={cn(
              'shrink-0 text-sm',
              line.cancelled ? 'text-ink-500 line-through' : 'text-ink-700',
            )}
          >
            {formatPrice(Math.round(line.price * line.quantity * 100) / 100)}
          </span>
        </li>
      ))}
    </ul>
  );
}
