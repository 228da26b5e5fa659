import { WISHLIST, type Product } from '@otaku/shared';
import { BellRing, BellOff } from 'lucide-react';
import { Button } from '../../../components/ui';
import { useSession } from '../../../lib/session';
import {
  useAskStockAlert,
  useCancelStockAlert,
  useLoginFirst,
  useWishlistKeys,
} from '../../../lib/wishlist/wishlist-api';
import * as rules from '../lib/purchase';

/**
 * "Notify me when it is back" for each sold-out variant of the product (decision 168): a size,
 * a volume, or the product itself when it has a single stock. A variant the shopper already
 * waits for says they will be mailed, with a button to cancel. Nothing when nothing is sold out.
 */
export function BackInStock({ product }: { product: Product }) {
  const { user } = useSession();
  const { data } = useWishlistKeys();
  const ask = useAskStockAlert();
  const cancel = useCancelStockAlert();
  const loginFirst = useLoginFirst();
  const variants = rules.variantsOf(product);
  const soldOut = (variants.length > 0 ? variants : ['']).filter(
    (v) => rules.stockOf(product, v) === 0,
  );
  if (soldOut.length === 0) return null;
  const waiting = (variant: string) =>
    Boolean(data?.alerts.some((a) => a.productID === product.productID && a.variant === variant));
  const named = (text: string, variant: string) => (variant ? `${text} (${variant})` : text);
  const request = (variant: string) => ({ productId: product.productID, variant });

  return (
    <ul aria-label={WISHLIST.alertsHeading} className="flex flex-col gap-2">
      {soldOut.map((variant) => (
        <li
          key={variant}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-ink-50 px-3 py-2"
        >
          {variant ? (
            <span className="min-w-10 text-sm font-bold text-ink-900">{variant}</span>
          ) : null}
          {waiting(variant) ? (
            <>
              <span className="flex items-center gap-1.5 text-sm font-medium text-ink-700">
                <BellRing aria-hidden="true" className="size-4 text-sakura-600" />
                {WISHLIST.willMail}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={named(WISHLIST.cancelAlert, variant)}
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(request(variant))}
              >
                <BellOff aria-hidden="true" className="size-4" />
                {WISHLIST.cancelAlert}
              </Button>
            </>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              aria-label={named(WISHLIST.notifyMe, variant)}
              disabled={ask.isPending}
              onClick={() =>
                user ? ask.mutate(request(variant)) : loginFirst(WISHLIST.signInToNotify)
              }
            >
              <BellRing aria-hidden="true" className="size-4" />
              {WISHLIST.notifyMe}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
