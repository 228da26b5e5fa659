import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentProvider, PaymentReport } from '../payments/payment-provider';
import { fulfilCheckout } from './checkout.service';
import type { CheckoutDeps } from './open-checkouts';

/**
 * A paid checkout, from the test provider's page or a Stripe webhook: becomes its order
 * (once), and has its confirmation mailed soon. Units that could not be taken are recorded on
 * the order, where staff see them (decision 138); the log says so too, for alerting.
 */
export async function fulfilPaid(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  sessionId: string,
  report: PaymentReport,
): Promise<void> {
  const result = await fulfilCheckout(app.database.db, sessionId, report);
  if (!result) return;
  if (result.short.length > 0)
    log.warn({ order: result.orderNumber, short: result.short }, 'paid units not in stock');
  app.orderMails.wake();
}

/**
 * What checkout works with in a request: a session the provider reports paid when checkout
 * closes it becomes its order then and there, as if the provider's report had come.
 */
export const checkoutDeps = (
  app: FastifyInstance,
  log: FastifyBaseLogger,
  provider: PaymentProvider,
): CheckoutDeps => ({
  db: app.database.db,
  provider,
  fulfilPaid: (sessionId) => fulfilPaid(app, log, sessionId, { evenIfClosed: true }),
  holdMaxMinutes: app.config.reservationMaxMinutes,
  imageUrl: app.imageUrl,
});
