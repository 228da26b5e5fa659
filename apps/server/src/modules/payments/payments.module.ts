import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { paymentRoutes } from './payments.routes';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import { stripeWebhookRoutes } from './stripe-webhook.routes';
import { createTestProvider } from './test-provider';
import { testCheckoutRoutes } from './test-checkout.routes';

export interface CardPayments {
  /** The provider checkout opens and closes sessions with. */
  provider: PaymentProvider;
  /** Its routes: the card checkout call, and Stripe's webhook or the test provider's page. */
  routes: FastifyPluginAsync;
}

/** The configured card provider: Stripe with its webhook, or the built-in test provider. */
export function cardPayments({ payments, publicUrl }: Config): CardPayments {
  if (payments.provider === 'stripe') {
    const stripe = createStripeClient(payments);
    return withRoutes(
      createStripeProvider(stripe, publicUrl),
      stripeWebhookRoutes(stripe, payments.webhookSecret),
    );
  }
  return withRoutes(createTestProvider(), testCheckoutRoutes);
}

/** The card checkout call, then the provider's own routes (Stripe's webhook, the test page). */
const withRoutes = (provider: PaymentProvider, own: FastifyPluginAsync): CardPayments => ({
  provider,
  routes: async (app) => {
    await app.register(paymentRoutes(provider));
    await app.register(own);
  },
});
