/**
 * GET /api/order/getOrders: the signed-in user's purchase history; GET /api/order/getOrder/:orderID:
 * one of their orders; POST /api/order/cancelPreorderLine: cancels a pre-order line of one of
 * them (decision 169). Placing an order is checkout's (checkout.routes.ts).
 */
import { endpoints, ORDER_INFO } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/auth';
import type { PaymentProvider } from '../payments/payment-provider';
import type { Refunds } from '../payments/refunds';
import { cancelPreorderLine } from './cancel-preorder-line';
import { orderOfUser, ordersOfUser } from './orders.service';

/** The card provider and its refunds, for cancelling a pre-order line paid by card. */
export interface OrderRouteDeps {
  provider: PaymentProvider;
  refunds: Refunds;
}

export const orderRoutes = (deps: OrderRouteDeps) => async (app: FastifyInstance) => {
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

  addRoute(
    app,
    endpoints.orders.cancelPreorderLine,
    { config: { access: 'user' }, schema: { tags: ['orders'] } },
    async (request) => {
      const { order, message } = await cancelPreorderLine(
        {
          db: app.database.db,
          provider: deps.provider,
          refunds: deps.refunds,
          orderMails: app.orderMails,
          imageUrl: app.imageUrl,
        },
        currentUser(request),
        request.body,
      );
      return { success: true as const, message, order };
    },
  );
};
