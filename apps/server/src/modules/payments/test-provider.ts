/**
 * The built-in `test` card provider, used when no Stripe keys are configured: sessions are
 * created locally and paid on the shop's own hosted checkout page (test-checkout.routes.ts).
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_INFO } from '@otaku/shared';
import { CHECKOUT_TTL_MS, type PaymentProvider } from './payment-provider';

export const TEST_CHECKOUT_PATH = '/api/test/checkout';

/** Sessions whose refunds are refused that one instance remembers; the oldest are forgotten. */
const REFUSING_KEPT = 10_000;

export interface TestProvider extends PaymentProvider {
  /**
   * Refuses the refunds of a session paid with the test card 4000 0000 0000 5126, as Stripe
   * refuses that test card's: how a shop owner (and the browser tests) see a failed refund.
   * Remembered by this instance until it restarts, which is enough for a test.
   */
  refuseRefundsOf: (sessionId: string) => void;
}

export function createTestProvider(): TestProvider {
  const refusing = new Set<string>();
  return {
    name: 'test',
    createSession: async () => {
      // Unguessable: the hosted page is reachable by whoever holds the id, as with Stripe.
      const sessionId = `cs_test_${randomBytes(24).toString('base64url')}`;
      return {
        sessionId,
        url: `${TEST_CHECKOUT_PATH}/${sessionId}`,
        expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
      };
    },
    // The snapshot is this provider's only record of a session: closing the snapshot (which
    // the hosted page then refuses to pay) is closing the session.
    closeSession: async () => 'closed',
    // No money moves on the test provider: the refund's row (order_refunds) with this id is
    // its record, as Stripe's dashboard is for a real refund.
    refund: async ({ sessionId }) =>
      refusing.has(sessionId)
        ? { refunded: false, reason: PAYMENT_INFO.testRefundRefused }
        : { refunded: true, refundId: `re_test_${randomBytes(12).toString('base64url')}` },
    refuseRefundsOf: (sessionId) => {
      refusing.add(sessionId);
      if (refusing.size > REFUSING_KEPT) refusing.delete(refusing.values().next().value!);
    },
  };
}
