/** POST /api/order/placeOrder (cash on delivery). */
import { routes, type PlaceOrderRequest } from '@otaku/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { cartKeys, ordersKey } from '../../../lib/cart/cart-api';

export const placeOrder = (request: PlaceOrderRequest) =>
  call(routes.checkout.placeOrder, { body: request });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: cartKeys.all });
      await queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
