/**
 * GET /api/payments/config tells the web app which card provider to call (spec §7). The call
 * that starts a hosted checkout, POST /api/{provider}/create-checkout-session, is checkout's
 * (checkout.routes.ts); the provider's own routes (Stripe webhook, test checkout page) are
 * registered beside this one by payments.module.ts.
 */
import { endpoints } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import type { PaymentProvider } from './payment-provider';

export const paymentRoutes =
  (provider: PaymentProvider) =>
  async (app: FastifyInstance): Promise<void> => {
    addRoute(
      app,
      endpoints.payments.config,
      { config: { access: 'public' }, schema: { tags: ['payments'] } },
      async () => ({ success: true as const, provider: provider.name }),
    );
  };
