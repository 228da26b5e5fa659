/**
 * Card payments (spec §7): GET /api/payments/config tells the web app which provider to call,
 * POST /api/{provider}/create-checkout-session starts a hosted checkout. The provider's own
 * routes (Stripe webhook, test checkout page) are registered beside these by payments.module.ts.
 */
import {
  createCheckoutSessionRequestSchema,
  createCheckoutSessionResponseSchema,
  PAYMENT_INFO,
  paymentConfigResponseSchema,
} from '@otaku/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { cartOwner } from '../cart/cart.service';
import { countCheckoutStart, startCardCheckout } from '../checkout/checkout.service';
import { checkoutDeps } from './fulfil-paid';
import type { PaymentProvider } from './payment-provider';

export const paymentRoutes =
  (provider: PaymentProvider): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['payments'];

    app.get(
      '/payments/config',
      {
        config: { access: 'public' },
        schema: { tags, response: { 200: paymentConfigResponseSchema } },
      },
      async () => ({ success: true as const, provider: provider.name }),
    );

    app.post(
      `/${provider.name}/create-checkout-session`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          body: createCheckoutSessionRequestSchema,
          response: { 200: createCheckoutSessionResponseSchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { paymentData } = request.body;
        cartOwner(user.id, paymentData.cartId);
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
