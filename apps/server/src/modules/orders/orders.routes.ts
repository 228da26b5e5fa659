/**
 * GET /api/order/getOrders: the signed-in user's purchase history; GET /api/order/getOrder/:orderID:
 * one of their orders. Placing an order is checkout's (checkout.routes.ts).
 */
import { endpoints, ORDER_INFO } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/auth';
import { orderOfUser, ordersOfUser } from './orders.service';

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  addRoute(
    app,
    endpoints.orders.history,
    { config: { access: 'user' }, schema: { tags: ['orders'] } },
    async (request) => {
      const page = await ordersOfUser(
        app.database.db,
        currentUser(request),
        request.query.currPage,
        app.imageUrl,
      );
      return { success: true as const, message: ORDER_INFO.fetched, ...page };
    },
  );

  addRoute(
    app,
    endpoints.orders.order,
    { config: { access: 'user' }, schema: { tags: ['orders'] } },
    async (request) => {
      const order = await orderOfUser(
        app.database.db,
        currentUser(request),
        request.params.orderID,
        app.imageUrl,
      );
      return { success: true as const, message: ORDER_INFO.fetchedOne, order };
    },
  );
}
