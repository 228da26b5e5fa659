import { WISHLIST } from '@otaku/shared';
import { Heart } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import {
  useLoginFirst,
  useRemoveFromWishlist,
  useSaveToWishlist,
  useWishlistKeys,
} from '../../lib/wishlist/wishlist-api';

export interface WishlistHeartProps {
  productID: string;
  /** The product's name, so a list of hearts tells which product each saves. */
  productName?: string;
  className?: string;
}

/**
 * The heart that saves a product to the shopper's wishlist or removes it (decision 168): a
 * toggle button (aria-pressed) of its own, never inside a card's link. A guest is asked to log
 * in and comes back to the page. Its state is the shopper's own saved keys, which the page
 * rendered on the server (signed out) never has: it shows unpressed until they arrive.
 */
export function WishlistHeart({ productID, productName, className }: WishlistHeartProps) {
  const { user } = useSession();
  const { data } = useWishlistKeys();
  const save = useSaveToWishlist();
  const remove = useRemoveFromWishlist();
  const loginFirst = useLoginFirst();
  const saved = Boolean(data?.productIDs.includes(productID));
  const label = saved ? WISHLIST.remove : WISHLIST.save;
  const busy = save.isPending || remove.isPending;

  const toggle = () => {
    if (!user) return loginFirst(WISHLIST.signInToSave);
    if (busy) return;
    if (saved) remove.mutate(productID);
    else save.mutate(productID);
  };

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={productName ? `${label}: ${productName}` : label}
      title={label}
      onClick={toggle}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-full bg-white/90 shadow-sm ring-1 ring-ink-200 transition hover:text-sakura-700',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sakura-500',
        saved ? 'text-sakura-600' : 'text-ink-700',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', saved && 'fill-current')} />
    </button>
  );
}
