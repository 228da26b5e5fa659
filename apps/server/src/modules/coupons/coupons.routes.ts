/** POST /api/coupon/verify: may the signed-in user apply this code now? */
import { COUPON_INFO, endpoints } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/auth';
import { toVerifiedCoupon, usableCoupon } from './coupons.service';

export async function couponRoutes(app: FastifyInstance): Promise<void> {
  addRoute(
    app,
    endpoints.coupons.verify,
    { config: { access: 'user' }, schema: { tags: ['coupons'] } },
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
}
