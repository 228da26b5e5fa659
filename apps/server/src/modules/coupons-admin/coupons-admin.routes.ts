/** Staff coupon calls of spec §7. Verifying a coupon at checkout lives with checkout. */
import {
  allCouponsQuerySchema,
  allCouponsResponseSchema,
  couponSavedResponseSchema,
  couponStatsResponseSchema,
  createCouponRequestSchema,
  DASHBOARD,
  idParamsSchema,
  successMessageSchema,
  updateCouponRequestSchema,
} from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-errors';
import * as service from './coupons-admin.service';

const errors = errorResponses(400, 401, 403, 404, 409);

export async function couponsAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const staff = { config: { access: 'admin' } } as const;
  const tags = ['dashboard'];

  api.post(
    '/coupon/createCoupon',
    {
      ...staff,
      schema: {
        tags,
        body: createCouponRequestSchema,
        response: { 201: couponSavedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const coupon = await service.createCoupon(db(), request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: DASHBOARD.couponCreated, coupon });
    },
  );

  api.put(
    '/coupon/update/:id',
    {
      ...staff,
      schema: {
        tags,
        params: idParamsSchema,
        body: updateCouponRequestSchema,
        response: { 200: couponSavedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const coupon = await service.updateCoupon(db(), request.params.id, request.body);
      return { success: true as const, message: DASHBOARD.couponUpdated, coupon };
    },
  );

  api.get(
    '/coupon/allCoupons',
    {
      ...staff,
      schema: {
        tags,
        querystring: allCouponsQuerySchema,
        response: { 200: allCouponsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { coupons, total, totalPages } = await service.listCoupons(
        db(),
        request.query.currPage,
      );
      return { success: true as const, allCoupons: coupons, totalPages, totalCoupons: total };
    },
  );

  api.delete(
    '/coupon/delete/:id',
    {
      ...staff,
      schema: { tags, params: idParamsSchema, response: { 200: successMessageSchema, ...errors } },
    },
    async (request) => {
      await service.deleteCoupon(db(), request.params.id);
      return { success: true as const, message: DASHBOARD.couponDeleted };
    },
  );

  api.get(
    '/coupon/stats',
    { ...staff, schema: { tags, response: { 200: couponStatsResponseSchema, ...errors } } },
    async () => ({ success: true as const, stats: await service.couponStats(db()) }),
  );
}
