/** DELETE /api/cart/remove (one line) and DELETE /api/cart/clear (every line). */
import { CART, type CartResponse, type RemoveFromCartRequest } from '@otaku/shared';
import { api } from '../../../lib/api-client';
import { useCartChange } from './cart-change';

export const removeFromCart = (request: RemoveFromCartRequest) =>
  api.delete<CartResponse>('/cart/remove', request);

export const clearCart = () => api.delete<CartResponse>('/cart/clear');

export const useRemoveFromCart = () => useCartChange(removeFromCart, CART.removeFailed);
export const useClearCart = () => useCartChange((_: void) => clearCart(), CART.clearFailed);
