/** Staff order calls of spec §7, plus the revenue chart, the low-stock list and the order e-mails. */
import {
  allOrdersQuerySchema,
  allOrdersResponseSchema,
  DASHBOARD,
  idParamsSchema,
  lowStockResponseSchema,
  ORDER_MAIL_STATUS,
  orderMailProblemsResponseSchema,
  orderMailsResponseSchema,
  orderStatsResponseSchema,
  resendFailedMailsResponseSchema,
  resendOrderMailRequestSchema,
  revenueResponseSchema,
  successMessageSchema,
  updateOrderRequestSchema,
} from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-errors';
import * as service from './orders-admin.service';
import { LOW_STOCK_THRESHOLD } from './orders-admin.service';

const errors = errorResponses(400, 401, 403, 404);

export async function ordersAdminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const staff = { config: { access: 'admin' } } as const;
  const tags = ['dashboard'];

  api.get(
    '/order/allOrdersList',
    {
      ...staff,
      schema: {
        tags,
        querystring: allOrdersQuerySchema,
        response: { 200: allOrdersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { currPage, shortUnits } = request.query;
      const { orders, total, totalPages } = await service.listOrders(db(), currPage, {
        shortOnly: shortUnits === 'only',
      });
      return {
        success: true as const,
        currPageOrders: orders,
        totalPages,
        totalOrders: total,
        message: orders.length > 0 ? 'Orders fetched.' : DASHBOARD.noOrders,
      };
    },
  );

  api.get(
    '/order/orderStats',
    { ...staff, schema: { tags, response: { 200: orderStatsResponseSchema, ...errors } } },
    async () => ({
      success: true as const,
      stats: await service.orderStats(db()),
      message: 'Stats fetched.',
    }),
  );

  api.put(
    '/order/update/:id',
    {
      ...staff,
      schema: {
        tags,
        params: idParamsSchema,
        body: updateOrderRequestSchema,
        response: { 200: successMessageSchema, ...errors },
      },
    },
    async (request) => {
      if (await service.updateStatus(db(), request.params.id, request.body.status))
        app.orderMails.wake();
      return { success: true as const, message: DASHBOARD.orderUpdated };
    },
  );

  api.delete(
    '/order/delete/:id',
    {
      ...staff,
      schema: { tags, params: idParamsSchema, response: { 200: successMessageSchema, ...errors } },
    },
    async (request) => {
      await service.deleteOrder(db(), request.params.id);
      return { success: true as const, message: DASHBOARD.orderDeleted };
    },
  );

  // The order e-mails (decision 115): where each stands, and sending one or all failed again.
  api.get(
    '/order/mails/:id',
    {
      ...staff,
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: orderMailsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.orderMailStatuses(db(), request.params.id)),
    }),
  );

  api.post(
    '/order/mails/:id/resend',
    {
      ...staff,
      schema: {
        tags,
        params: idParamsSchema,
        body: resendOrderMailRequestSchema,
        response: { 200: successMessageSchema, ...errors },
      },
    },
    async (request) => {
      await service.resendOrderMail(db(), request.params.id, request.body.kind);
      app.orderMails.wake();
      return { success: true as const, message: ORDER_MAIL_STATUS.resendQueued };
    },
  );

  api.get(
    '/order/mailProblems',
    { ...staff, schema: { tags, response: { 200: orderMailProblemsResponseSchema, ...errors } } },
    async () => ({ success: true as const, failed: await service.countGivenUpMails(db()) }),
  );

  api.post(
    '/order/mails/resendFailed',
    { ...staff, schema: { tags, response: { 200: resendFailedMailsResponseSchema, ...errors } } },
    async () => {
      const resent = await service.resendGivenUpMails(db());
      if (resent > 0) app.orderMails.wake();
      return { success: true as const, resent, message: ORDER_MAIL_STATUS.resentAll(resent) };
    },
  );

  api.get(
    '/order/revenue',
    { ...staff, schema: { tags, response: { 200: revenueResponseSchema, ...errors } } },
    async () => ({ success: true as const, days: await service.revenue(db()) }),
  );

  api.get(
    '/product/lowStock',
    { ...staff, schema: { tags, response: { 200: lowStockResponseSchema, ...errors } } },
    async () => ({
      success: true as const,
      threshold: LOW_STOCK_THRESHOLD,
      items: await service.lowStock(db()),
    }),
  );
}
