/**
 * POST /api/order/placeOrder (cash on delivery) and GET /api/order/getOrders (purchase
 * history). The user always comes from the token: userInfo, userId and email in a request are
 * accepted for the spec's shape and never read.
 */
import {
  CART_INFO,
  getOrdersQuerySchema,
  getOrdersResponseSchema,
  ORDER,
  ORDER_INFO,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
} from '@otaku/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, forbidden } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { cartOwner } from '../cart/cart.service';
import { placeCashOrder } from '../checkout/checkout.service';
import { checkoutDeps } from '../payments/fulfil-paid';
import type { PaymentProvider } from '../payments/payment-provider';
import { ordersOfUser } from './orders.service';

/** `provider`: the card provider, whose sessions still open for the cart an order closes. */
export const orderRoutes =
  (provider: PaymentProvider): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['orders'];

    app.post(
      '/order/placeOrder',
      {
        config: { access: 'user' },
        schema: {
          tags,
          body: placeOrderRequestSchema,
          response: { 201: placeOrderResponseSchema },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const body = request.body;
        if (body.userId !== undefined && body.userId !== user.id)
          throw forbidden(CART_INFO.wrongCart);
        cartOwner(user.id, body.cartId);
        if (body.paymentMethod !== 'cod') throw badRequest(ORDER_INFO.codOnly, 'paymentMethod');
        const deps = checkoutDeps(app, request.log, provider);
        const order = await placeCashOrder(deps, user, {
          couponCode: body.couponCode,
          deliveryAddress: body.deliveryAddress,
        });
        app.orderMails.wake();
        return reply.status(201).send({ success: true as const, message: ORDER.placed, order });
      },
    );

    app.get(
      '/order/getOrders',
      {
        config: { access: 'user' },
        schema: {
          tags,
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
