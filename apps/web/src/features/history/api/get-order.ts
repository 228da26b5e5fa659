/** GET /api/order/getOrder/:orderID: one of the signed-in user's orders (its confirmation page). */
import { routes } from '@otaku/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { orderKey } from '../../../lib/cart/cart-api';

export const getOrder = (orderID: string) =>
  call(routes.orders.order, { params: { orderID } }).then((answer) => answer.order);

export function useOrder(orderID: string) {
  return useQuery({
    queryKey: orderKey(orderID),
    queryFn: () => getOrder(orderID),
  });
}
