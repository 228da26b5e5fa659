import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { FulfilPaid, PaymentProvider } from './payment-provider';
import { paymentRoutes } from './payments.routes';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import { stripeWebhookRoutes } from './stripe-webhook.routes';
import { createTestProvider } from './test-provider';
import { testCheckoutRoutes } from './test-checkout.routes';

export interface CardPayments {
  /** The provider checkout opens and closes sessions with. */
  provider: PaymentProvider;
  /**
   * Its routes: GET /payments/config, and Stripe's webhook or the test provider's page, which
   * hand a paid session to `fulfilPaid`. The call that opens a card checkout is checkout's.
   */
  routes: (fulfilPaid: FulfilPaid) => FastifyPluginAsync;
}

/** The configured card provider: Stripe with its webhook, or the built-in test provider. */
export function cardPayments({ payments, publicUrl }: Config): CardPayments {
  if (payments.provider === 'stripe') {
    const stripe = createStripeClient(payments);
    return withRoutes(createStripeProvider(stripe, publicUrl), (fulfilPaid) =>
      stripeWebhookRoutes(stripe, payments.webhookSecret, fulfilPaid),
    );
  }
  const test = createTestProvider();
  return withRoutes(test, testCheckoutRoutes(test));
}

/** The payment config call, then the provider's own routes (Stripe's webhook, the test page). */
const withRoutes = (
  provider: PaymentProvider,
  own: (fulfilPaid: FulfilPaid) => FastifyPluginAsync,
): CardPayments => ({
  provider,
  routes: (fulfilPaid) => async (app) => {
    await app.register(paymentRoutes(provider));
    await app.register(own(fulfilPaid));
  },
});
