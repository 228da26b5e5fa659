/** POST /api/order/placeOrder (cash on delivery). */
import type { PlaceOrderRequest, PlaceOrderResponse } from '@otaku/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cartKeys, ordersKey } from '../../../lib/cart/cart-api';

export const placeOrder = (request: PlaceOrderRequest) =>
  api.post<PlaceOrderResponse>('/order/placeOrder', request);

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
