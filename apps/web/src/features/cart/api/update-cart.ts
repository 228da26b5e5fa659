/** Quantity changes on the cart page: PUT /api/cart/update (0 removes the line). */
import {
  CART,
  CART_INFO,
  MAX_LINE_QUANTITY,
  type ReserveStockResponse,
  type UpdateCartRequest,
} from '@otaku/shared';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCartChange } from './cart-change';

export const updateCart = (request: UpdateCartRequest) =>
  api.put<ReserveStockResponse>('/cart/update', request);

export const lineKey = (line: { productId: string; variant: string }) =>
  `${line.productId}|${line.variant}`;

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
 * cart read after a failure) has nothing left to step: nothing is sent. Nor is a step past
 * MAX_LINE_QUANTITY, which is answered at once with the limit's message.
 */
export function useUpdateCart() {
  return useCartChange(({ productId, variant, by }: QuantityStep, cart) => {
    const line = cart?.cartItems.find(
      (item) => item.productId === productId && item.selectedVariant === variant,
    );
    if (!line) return Promise.resolve(undefined);
    if (line.itemQuantity + by > MAX_LINE_QUANTITY) {
      // The most a line holds (decision 050): said here, as the server would refuse it.
      toast.error(CART_INFO.lineLimit(MAX_LINE_QUANTITY, line.itemQuantity));
      return Promise.resolve(undefined);
    }
    return updateCart({ productId, variant, newQuantity: line.itemQuantity + by });
  }, CART.updateFailed);
}
