/** DELETE /api/cart/remove (one line) and DELETE /api/cart/clear (every line). */
import { CART, type CartResponse, type RemoveFromCartRequest } from '@otaku/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cartKeys } from '../../../lib/cart/cart-api';
import { useSession } from '../../../lib/session';

export const removeFromCart = (request: RemoveFromCartRequest) =>
  api.delete<CartResponse>('/cart/remove', request);

export const clearCart = () => api.delete<CartResponse>('/cart/clear');

function useCartChange<T>(call: (input: T) => Promise<CartResponse>, errorToast: string) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { errorToast },
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.cart(user?._id), cart),
  });
}

export const useRemoveFromCart = () => useCartChange(removeFromCart, CART.removeFailed);
export const useClearCart = () => useCartChange((_: void) => clearCart(), CART.clearFailed);
