/** Quantity changes on the cart page: PUT /api/cart/update (0 removes the line). */
import { CART, type ReserveStockResponse, type UpdateCartRequest } from '@otaku/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cartKeys } from '../../../lib/cart/cart-api';
import { useSession } from '../../../lib/session';

export const updateCart = (request: UpdateCartRequest) =>
  api.put<ReserveStockResponse>('/cart/update', request);

export const lineKey = (line: { productId: string; variant: string }) =>
  `${line.productId}|${line.variant}`;

export function useUpdateCart() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCart,
    meta: { errorToast: CART.updateFailed },
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.cart(user?._id), cart),
    // A refused change (stock ran out) may still mean the cart changed elsewhere.
    onError: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
