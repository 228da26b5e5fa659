/**
 * GET /api/order/getOrders: the signed-in user's purchase history. Placing an order is
 * checkout's (checkout.routes.ts).
 */
import { getOrdersQuerySchema, getOrdersResponseSchema, ORDER_INFO } from '@otaku/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { ordersOfUser } from './orders.service';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/order/getOrders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        querystring: getOrdersQuerySchema,
        response: { 200: getOrdersResponseSchema },
      },
    },
    async (request) => {
      const page = await ordersOfUser(
        app.database.db,
        currentUser(request),
        request.query.currPage,
      );
      return { success: true as const, message: ORDER_INFO.fetched, ...page };
    },
  );
};
