/** POST /api/coupon/verify: may the signed-in user apply this code now? */
import { routes, type CouponVerifyRequest } from '@otaku/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const verifyCoupon = (request: CouponVerifyRequest) =>
  call(routes.coupons.verify, { body: request });

export function useVerifyCoupon() {
  return useMutation({ mutationFn: verifyCoupon });
}
