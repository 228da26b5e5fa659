/** The dashboard's coupon calls: list, stats, create, edit and delete. */
import { routes, type CreateCouponRequest, type UpdateCouponRequest } from '@otaku/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const couponKeys = {
  all: ['dashboard', 'coupons'] as const,
  list: (page: number) => [...couponKeys.all, 'list', page] as const,
  stats: ['dashboard', 'coupons', 'stats'] as const,
};

export function useCoupons(page: number) {
  const { user } = useSession();
  return useQuery({
    queryKey: couponKeys.list(page),
    queryFn: () =>
      call(routes.couponsAdmin.list, { query: { email: user?.email, currPage: page } }),
    placeholderData: keepPreviousData,
  });
}

export function useCouponStats() {
  return useQuery({
    queryKey: couponKeys.stats,
    queryFn: async () => (await call(routes.couponsAdmin.stats)).stats,
  });
}

function useInvalidateCoupons() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: couponKeys.all });
}

export function useCreateCoupon() {
  const invalidate = useInvalidateCoupons();
  const { user } = useSession();
  return useMutation({
    mutationFn: (body: CreateCouponRequest) =>
      call(routes.couponsAdmin.create, { body: { ...body, email: user?.email } }),
    onSuccess: invalidate,
  });
}

export function useUpdateCoupon() {
  const invalidate = useInvalidateCoupons();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCouponRequest }) =>
      call(routes.couponsAdmin.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteCoupon() {
  const invalidate = useInvalidateCoupons();
  return useMutation({
    mutationFn: (id: string) => call(routes.couponsAdmin.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
