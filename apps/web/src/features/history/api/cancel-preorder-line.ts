/** POST /api/order/cancelPreorderLine: cancels a pre-order line of one of the shopper's orders. */
import { routes, type CancelPreorderLineRequest } from '@otaku/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { ordersKey } from '../../../lib/cart/cart-api';

/** On success every view of the shopper's orders (history pages, the order's page) is read again. */
export function useCancelPreorderLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelPreorderLineRequest) =>
      call(routes.orders.cancelPreorderLine, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
