/** The dashboard's order calls: the list, stats (refreshed every 10 minutes), edits. */
import {
  TIMINGS,
  type AllOrdersResponse,
  type LowStockItem,
  type OrderStats,
  type OrderStatus,
  type RevenueDay,
  type SuccessMessage,
} from '@otaku/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const orderKeys = {
  all: ['dashboard', 'orders'] as const,
  list: (page: number) => [...orderKeys.all, 'list', page] as const,
  stats: ['dashboard', 'orders', 'stats'] as const,
  revenue: ['dashboard', 'orders', 'revenue'] as const,
  lowStock: ['dashboard', 'products', 'low-stock'] as const,
};

export function useAllOrders(page: number) {
  const { user } = useSession();
  return useQuery({
    queryKey: orderKeys.list(page),
    queryFn: () =>
      api.get<AllOrdersResponse>('/order/allOrdersList', {
        query: { currPage: page, email: user?.email },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOrderStats() {
  return useQuery({
    queryKey: orderKeys.stats,
    queryFn: async () => (await api.get<{ stats: OrderStats }>('/order/orderStats')).stats,
    refetchInterval: TIMINGS.orderStatsRefreshMs,
  });
}

export function useRevenue() {
  return useQuery({
    queryKey: orderKeys.revenue,
    queryFn: async () => (await api.get<{ days: RevenueDay[] }>('/order/revenue')).days,
    refetchInterval: TIMINGS.orderStatsRefreshMs,
  });
}

export function useLowStock() {
  return useQuery({
    queryKey: orderKeys.lowStock,
    queryFn: async () =>
      await api.get<{ items: LowStockItem[]; threshold: number }>('/product/lowStock'),
  });
}

function useInvalidateOrders() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: orderKeys.all }),
      // The shopper's purchase history shows the same orders.
      client.invalidateQueries({ queryKey: ['orders'] }),
    ]);
}

export function useUpdateOrder() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) =>
      api.put<SuccessMessage>(`/order/update/${encodeURIComponent(id)}`, { status }),
    onSuccess: invalidate,
  });
}

export function useDeleteOrder() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<SuccessMessage>(`/order/delete/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
