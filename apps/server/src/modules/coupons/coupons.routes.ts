/** POST /api/coupon/verify: may the signed-in user apply this code now? */
import { COUPON_INFO, couponVerifyRequestSchema, couponVerifyResponseSchema } from '@otaku/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { toVerifiedCoupon, usableCoupon } from './coupons.service';

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/coupon/verify',
    {
      config: { access: 'user' },
      schema: {
        tags: ['coupons'],
        body: couponVerifyRequestSchema,
        response: { 200: couponVerifyResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const coupon = await usableCoupon(app.database.db, request.body.couponCode, user.id);
      return {
        success: true as const,
        message: COUPON_INFO.valid,
        data: { coupondata: { coupon: toVerifiedCoupon(coupon) } },
      };
    },
  );
};
