/** DELETE /api/cart/remove (one line) and DELETE /api/cart/clear (every line). */
import { CART, routes, type RemoveFromCartRequest } from '@otaku/shared';
import { call } from '../../../lib/api-client';
import { useCartChange } from './cart-change';

export const removeFromCart = (request: RemoveFromCartRequest) =>
  call(routes.cart.remove, { body: request });

export const clearCart = () => call(routes.cart.clear);

export const useRemoveFromCart = () => useCartChange(removeFromCart, CART.removeFailed);
export const useClearCart = () => useCartChange((_: void) => clearCart(), CART.clearFailed);
