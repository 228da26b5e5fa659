/** Quantity changes on the cart page: PUT /api/cart/update (0 removes the line). */
import { CART, CART_INFO, routes, type CartResponse, type UpdateCartRequest } from '@otaku/shared';
import { call } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCartChange } from './cart-change';

export const updateCart = (request: UpdateCartRequest) =>
  call(routes.cart.update, { body: request });

export const lineKey = (line: { productId: string; variant: string }) =>
  `${line.productId}|${line.variant}`;

/** What one more unit of a line holding `held` would pass, in the server's words; null: none. */
function pastCeiling(cart: CartResponse, held: number): string | null {
  if (held + 1 > cart.maxUnitsPerItem) return CART_INFO.lineLimit(cart.maxUnitsPerItem, held);
  const all = cart.cartItems.reduce((n, i) => n + i.itemQuantity, 0);
  if (all + 1 > cart.maxUnitsPerCart) return CART_INFO.cartLimit(cart.maxUnitsPerCart, all);
  return null;
}

/** One press of a line's minus (-1) or plus (+1) button. */
export interface QuantityStep {
  productId: string;
  variant: string;
  by: 1 | -1;
}

/**
 * The server takes the new quantity, not a step, so it is worked out when the change runs,
 * from the cart every earlier change has answered with (see useCartChange), not from the cart
 * shown when the button was pressed. A line gone by then (removed, cleared, or gone from the
 * cart read after a failure) has nothing left to step: nothing is sent. Nor is a step past the
 * shop's ceilings (of one item, of the whole cart; the cart says them), which is answered at
 * once with the message the server would give.
 */
export function useUpdateCart() {
  return useCartChange(({ productId, variant, by }: QuantityStep, cart) => {
    const line = cart?.cartItems.find(
      (item) => item.productId === productId && item.selectedVariant === variant,
    );
    if (!cart || !line) return Promise.resolve(undefined);
    const refusal = by > 0 ? pastCeiling(cart, line.itemQuantity) : null;
    if (refusal) {
      toast.error(refusal);
      return Promise.resolve(undefined);
    }
    return updateCart({ productId, variant, newQuantity: line.itemQuantity + by });
  }, CART.updateFailed);
}
