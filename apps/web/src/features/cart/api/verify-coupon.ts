/** POST /api/coupon/verify: may the signed-in user apply this code now? */
import type { CouponVerifyRequest, CouponVerifyResponse } from '@otaku/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const verifyCoupon = (request: CouponVerifyRequest) =>
  api.post<CouponVerifyResponse>('/coupon/verify', request);

export function useVerifyCoupon() {
  return useMutation({ mutationFn: verifyCoupon });
}
