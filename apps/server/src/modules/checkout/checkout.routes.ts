/**
 * The calls that place an order (spec §7): POST /api/order/placeOrder (cash on delivery) and
 * POST /api/{provider}/create-checkout-session, which starts a hosted card checkout. The user
 * always comes from the token: userInfo, userId and email in a request are accepted for the
 * spec's shape and never read.
 */
import {
  endpoints,
  ORDER,
  ORDER_INFO,
  PAYMENT_INFO,
  type PaymentProvider as ProviderName,
} from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { badRequest } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { cartOwner } from '../cart/cart.service';
import type { PaymentProvider } from '../payments/payment-provider';
import { countCheckoutStart, placeCashOrder, startCardCheckout } from './checkout.service';
import { checkoutDeps } from './fulfil-paid';

/** Where each provider's card checkout starts; only the configured provider's is registered. */
const CHECKOUT_SESSIONS = {
  stripe: endpoints.checkout.stripeSession,
  test: endpoints.checkout.testSession,
} as const satisfies Record<ProviderName, unknown>;

/** `provider`: the card provider, whose sessions still open for the cart an order closes. */
export const checkoutRoutes =
  (provider: PaymentProvider) =>
  async (app: FastifyInstance): Promise<void> => {
    addRoute(
      app,
      endpoints.checkout.placeOrder,
      { config: { access: 'user' }, schema: { tags: ['orders'] } },
      async (request, reply) => {
        const user = currentUser(request);
        const body = request.body;
        cartOwner(user.id, body);
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

    addRoute(
      app,
      CHECKOUT_SESSIONS[provider.name],
      { config: { access: 'user' }, schema: { tags: ['payments'] } },
      async (request) => {
        const user = currentUser(request);
        const { paymentData } = request.body;
        cartOwner(user.id, { cartId: paymentData.cartId });
        await countCheckoutStart(app.database.db, user.id, request.ip);
        const deps = checkoutDeps(app, request.log, provider);
        const session = await startCardCheckout(deps, user, {
          couponCode: paymentData.couponCode,
          deliveryAddress: paymentData.deliveryAddress,
        });
        return { success: true as const, message: PAYMENT_INFO.sessionCreated, ...session };
      },
    );
  };
