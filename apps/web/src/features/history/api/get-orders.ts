/** GET /api/order/getOrders: one page of the signed-in user's purchase history. */
import { routes } from '@otaku/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { ordersKey } from '../../../lib/cart/cart-api';
import { useSession } from '../../../lib/session';

export const ordersKeys = {
  all: ordersKey,
  page: (userId: string | undefined, page: number) => [...ordersKey, userId, page] as const,
};

export const getOrders = (page: number, user: { _id: string; email: string }) =>
  call(routes.orders.history, {
    query: { currPage: page, userId: user._id, email: user.email },
  });

export function useOrders(page: number) {
  const { user } = useSession();
  return useQuery({
    queryKey: ordersKeys.page(user?._id, page),
    queryFn: () => getOrders(page, user!),
    enabled: Boolean(user),
    placeholderData: keepPreviousData,
  });
}
