import type { FastifyPluginAsync } from 'fastify';
import { paymentRoutes } from './payments.routes';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import { stripeWebhookRoutes } from './stripe-webhook.routes';
import { createTestProvider } from './test-provider';
import { testCheckoutRoutes } from './test-checkout.routes';

/** The configured card provider's routes: Stripe with its webhook, or the test provider. */
export const paymentsModule: FastifyPluginAsync = async (app) => {
  const { payments, publicUrl } = app.config;
  if (payments.provider === 'stripe') {
    const stripe = createStripeClient(payments);
    await app.register(paymentRoutes(createStripeProvider(stripe, publicUrl)));
    await app.register(stripeWebhookRoutes(stripe, payments.webhookSecret));
    return;
  }
  await app.register(paymentRoutes(createTestProvider()));
  await app.register(testCheckoutRoutes);
};
