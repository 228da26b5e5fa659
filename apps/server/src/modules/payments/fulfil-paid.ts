import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { fulfilCheckout, type PaymentReport } from '../checkout/checkout.service';

/**
 * A paid checkout, from the test provider's page or a Stripe webhook: becomes its order
 * (once), says so in the log when it was oversold, and has its confirmation mailed soon.
 */
export async function fulfilPaid(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  sessionId: string,
  report: PaymentReport,
): Promise<void> {
  const result = await fulfilCheckout(app.database.db, sessionId, report);
  if (!result) return;
  if (result.oversold) log.warn({ order: result.orderNumber, units: result.oversold }, 'oversold');
  app.orderMails.wake();
}
