/** Staff coupon calls of spec §7. Verifying a coupon at checkout lives with checkout. */
import { DASHBOARD, endpoints } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import * as service from './coupons-admin.service';

export async function couponsAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;
  const { couponsAdmin: calls } = endpoints;
  const staff = { config: { access: 'admin' }, schema: { tags: ['dashboard'] } } as const;

  addRoute(app, calls.create, staff, async (request, reply) => {
    const coupon = await service.createCoupon(db(), request.body);
    return reply
      .status(201)
      .send({ success: true as const, message: DASHBOARD.couponCreated, coupon });
  });

  addRoute(app, calls.update, staff, async (request) => {
    const coupon = await service.updateCoupon(db(), request.params.id, request.body);
    return { success: true as const, message: DASHBOARD.couponUpdated, coupon };
  });

  addRoute(app, calls.list, staff, async (request) => {
    const { coupons, total, totalPages } = await service.listCoupons(db(), request.query.currPage);
    return { success: true as const, allCoupons: coupons, totalPages, totalCoupons: total };
  });

  addRoute(app, calls.remove, staff, async (request) => {
    await service.deleteCoupon(db(), request.params.id);
    return { success: true as const, message: DASHBOARD.couponDeleted };
  });

  addRoute(app, calls.stats, staff, async () => ({
    success: true as const,
    stats: await service.couponStats(db()),
  }));
}
