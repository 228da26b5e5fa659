/**
 * The dashboard's order calls: the list, stats (refreshed every 10 minutes), edits, the order
 * e-mails (decision 115) and the card refunds that failed (decision 173).
 */
import { routes, TIMINGS, type OrderMailKind, type OrderStatus } from '@otaku/shared';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

const calls = routes.ordersAdmin;
import { useSession } from '../../../lib/session';

export const orderKeys = {
  all: ['dashboard', 'orders'] as const,
  list: (page: number, shortOnly: boolean, waitingOnly = false) =>
    [...orderKeys.all, 'list', page, shortOnly, waitingOnly] as const,
  stats: ['dashboard', 'orders', 'stats'] as const,
  revenue: ['dashboard', 'orders', 'revenue'] as const,
  lowStock: ['dashboard', 'products', 'low-stock'] as const,
  mails: (id: string) => [...orderKeys.all, 'mails', id] as const,
  mailProblems: ['dashboard', 'orders', 'mail-problems'] as const,
  failedRefunds: ['dashboard', 'orders', 'failed-refunds'] as const,
};

/** How often an open order's e-mails are read again while one is on its way. */
export const MAIL_WAITING_REFRESH_MS = 3000;

/**
 * A page of orders: all of them, or with `shortOnly` those short of stock (decision 138), with
 * `waitingOnly` those waiting for a release (decision 167).
 */
export function useAllOrders(page: number, shortOnly = false, waitingOnly = false) {
  const { user } = useSession();
  return useQuery({
    queryKey: orderKeys.list(page, shortOnly, waitingOnly),
    queryFn: () =>
      call(calls.list, {
        query: {
          currPage: page,
          email: user?.email,
          shortUnits: shortOnly ? 'only' : undefined,
          release: waitingOnly ? 'waiting' : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOrderStats() {
  return useQuery({
    queryKey: orderKeys.stats,
    queryFn: async () => (await call(calls.stats)).stats,
    refetchInterval: TIMINGS.orderStatsRefreshMs,
  });
}

export function useRevenue() {
  return useQuery({
    queryKey: orderKeys.revenue,
    queryFn: async () => (await call(calls.revenue)).days,
    refetchInterval: TIMINGS.orderStatsRefreshMs,
  });
}

export function useLowStock() {
  return useQuery({
    queryKey: orderKeys.lowStock,
    queryFn: () => call(calls.lowStock),
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
      call(calls.update, { params: { id }, body: { status } }),
    onSuccess: invalidate,
  });
}

export function useDeleteOrder() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (id: string) => call(calls.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/**
 * Where each e-mail of the order stands, and the address they go to; read again every few
 * seconds while one is on its way.
 */
export function useOrderMails(id: string) {
  return useQuery({
    queryKey: orderKeys.mails(id),
    queryFn: async () => {
      const { to, mails } = await call(calls.mails, { params: { id } });
      return { to, mails };
    },
    refetchInterval: (query) =>
      query.state.data?.mails.some((m) => m.state === 'waiting') ? MAIL_WAITING_REFRESH_MS : false,
  });
}

/** How many order e-mails were given up; read with the stats. */
export function useMailProblems() {
  return useQuery({
    queryKey: orderKeys.mailProblems,
    queryFn: async () => (await call(calls.mailProblems)).failed,
    refetchInterval: TIMINGS.orderStatsRefreshMs,
  });
}

/** Reads these queries again (the e-mails of an order, the count of given-up ones). */
function useInvalidate() {
  const client = useQueryClient();
  return (...keys: QueryKey[]) =>
    Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** Refresh Stats: reads the stat cards, the given-up e-mails and the failed refunds again. */
export function useRefreshStats() {
  const invalidate = useInvalidate();
  return () => invalidate(orderKeys.stats, orderKeys.mailProblems, orderKeys.failedRefunds);
}

export function useResendOrderMail() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: OrderMailKind }) =>
      call(calls.resendMail, { params: { id }, body: { kind } }),
    onSuccess: (_answer, { id }) => invalidate(orderKeys.mails(id), orderKeys.mailProblems),
  });
}

export function useResendFailedMails() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => call(calls.resendFailedMails),
    onSuccess: () => invalidate([...orderKeys.all, 'mails'], orderKeys.mailProblems),
  });
}

/** The card refunds that could not be made (decision 173); read with the stats. */
export function useFailedRefunds() {
  return useQuery({
    queryKey: orderKeys.failedRefunds,
    queryFn: () => call(calls.failedRefunds),
    refetchInterval: TIMINGS.orderStatsRefreshMs,
  });
}

/** Tries a failed refund again, or records that staff refunded it by hand. */
export function useSettleRefund() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, how }: { id: string; how: 'retry' | 'byHand' }) =>
      call(how === 'retry' ? calls.retryRefund : calls.markRefunded, { params: { id } }),
    // Read again whatever came of it: a refund another staff member settled meanwhile goes too.
    onSettled: () => invalidate(orderKeys.failedRefunds),
  });
}
