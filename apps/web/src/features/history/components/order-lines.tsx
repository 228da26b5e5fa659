import type { Order } from '@otaku/shared';
import { Link } from 'react-router';
import { LineRelease } from '../../../components/catalog';
import { formatPrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/**
 * An order's lines: picture, name with its variant and quantity, and the line's price. The
 * purchase history and the order's confirmation page show them alike; `linked` makes each name
 * a link to its product page (a product since removed keeps its name, unlinked).
 */
export function OrderLines({
  lines,
  linked = false,
  className,
}: {
  lines: Order['products'];
  linked?: boolean;
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
          <span className="min-w-0 flex-1 text-sm break-words text-ink-800">
            {linked && line.productId._id ? (
              <Link to={paths.product(line.productId._id)} className="hover:text-sakura-700">
                {line.productId.name}
              </Link>
            ) : (
              line.productId.name
            )}
            {line.variant ? <span className="text-ink-500"> ({line.variant})</span> : null} ×{' '}
            {line.quantity}
            <LineRelease releaseDate={line.releaseDate} waiting={line.waitingForRelease} />
          </span>
          <span className="shrink-0 text-sm text-ink-700">
            {formatPrice(Math.round(line.price * line.quantity * 100) / 100)}
          </span>
        </li>
      ))}
    </ul>
  );
}
