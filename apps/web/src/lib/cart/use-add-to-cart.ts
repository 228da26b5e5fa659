/**
 * Add to Cart (spec §4 "Variant and stock", §5, §8): checks sign-in, variant and quantity,
 * reserves the stock and says what happened. The product page owns its variant, quantity and
 * stock state and reacts to the outcome: update the stock shown, clear the variant at 0, mark
 * an out-of-stock variant unavailable.
 */
import { CART, TIMINGS, userCartId, VALIDATION } from '@otaku/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../toast';
import { errorMessage } from '../errors';
import { useSession } from '../session';
import { cartKeys, reservationFailure, reserveStock } from './cart-api';

export interface AddToCartInput {
  productId: string;
  /** The chosen variant; '' for a product with a single stock. null when none is chosen yet. */
  variant: string | null;
  /** Whether the product has variants to choose from. */
  hasVariants: boolean;
  quantity: number;
}

export type AddToCartOutcome =
  /** Reserved; `stock` is what is left for others. */
  | { kind: 'added'; stock: number }
  /** Nothing left: mark the variant unavailable and clear the selection. */
  | { kind: 'out-of-stock' }
  /** Someone took units meanwhile; `available` is what is left when known. */
  | { kind: 'high-demand'; available: number | null }
  /** Not attempted (not signed in, no variant, no quantity) or failed otherwise. */
  | { kind: 'refused' }
  | { kind: 'failed' };

export function useAddToCart() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: { productId: string; variant: string; quantity: number }) =>
      reserveStock({ ...input, cartId: userCartId(user!._id), userId: user!._id }),
  });

  async function addToCart(input: AddToCartInput): Promise<AddToCartOutcome> {
    if (!user) {
      toast.error(VALIDATION.addToCartLoginRequired);
      return { kind: 'refused' };
    }
    if (input.hasVariants && !input.variant) {
      toast.error(VALIDATION.variantRequired);
      return { kind: 'refused' };
    }
    if (!(input.quantity > 0)) {
      toast.error(VALIDATION.quantityInvalid);
      return { kind: 'refused' };
    }
    try {
      const result = await mutation.mutateAsync({
        productId: input.productId,
        variant: input.variant ?? '',
        quantity: input.quantity,
      });
      queryClient.setQueryData(cartKeys.cart(user._id), result);
      toast.success(result.message);
      return { kind: 'added', stock: result.stock };
    } catch (error) {
      const failure = reservationFailure(error);
      if (failure?.code === 'OUT_OF_STOCK') {
        toast.error(CART.outOfStock);
        return { kind: 'out-of-stock' };
      }
      if (failure?.code === 'CONCURRENT_MODIFICATION') {
        toast.warning(CART.highDemand, { duration: TIMINGS.highDemandWarningMs });
        return { kind: 'high-demand', available: failure.available ?? null };
      }
      toast.error(errorMessage(error, CART.addFailedRetry));
      return { kind: 'failed' };
    }
  }

  return { addToCart, isPending: mutation.isPending };
}
