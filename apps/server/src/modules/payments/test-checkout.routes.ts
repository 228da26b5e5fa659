/**
 * The test provider's hosted checkout (used when no Stripe keys are set): a page that shows
 * what is being paid for, accepts the test card 4242 4242 4242 4242 (or 4000 0000 0000 5126, whose
 * refunds are then refused) and completes through the same fulfilment code as a Stripe webhook,
 * then returns to /success; Cancel goes back to /cart.
 */
import { PAYMENT_INFO } from '@otaku/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import type { FulfilPaid } from './payment-provider';
import { expireSnapshot, findSnapshot, pastExpiry, snapshotStatus } from './payments.repo';
import { expiredCheckoutPage, testCheckoutPage } from './test-checkout-page';
import { TEST_CHECKOUT_PATH, type TestProvider } from './test-provider';

const SESSION_ID = /^cs_test_[\w-]{10,80}$/;
const params = z.object({ sessionId: z.string() });
const payBody = z.object({ cardNumber: z.string().max(40).default('') });

const ACCEPTED_CARDS: readonly string[] = [
  PAYMENT_INFO.testCardNumber,
  PAYMENT_INFO.testCardRefundsFail,
];

export const testCheckoutRoutes =
  (provider: TestProvider) =>
  (fulfilPaid: FulfilPaid): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const openSnapshot = async (sessionId: string) => {
      // An id this provider never makes names no session: the same answer as an unknown one.
      if (!SESSION_ID.test(sessionId)) throw notFound(PAYMENT_INFO.sessionNotFound);
      const snapshot = await findSnapshot(app.database.db, sessionId);
      if (!snapshot || snapshot.provider !== 'test') throw notFound(PAYMENT_INFO.sessionNotFound);
      return snapshot;
    };
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.status(status).header('cache-control', 'no-store').type('text/html').send(body);
    const action = (sessionId: string) => `${TEST_CHECKOUT_PATH}/${sessionId}`;
    const opts = { config: { access: 'public' }, schema: { hide: true } } as const;

    app.get('/test/checkout/:sessionId', opts, async (request, reply) => {
      const { sessionId } = params.parse(request.params);
      const snapshot = await openSnapshot(sessionId);
      if (snapshot.status === 'completed')
        return reply.redirect(`/success?session_id=${sessionId}`);
      if (snapshot.status !== 'open') return reply.redirect('/cart');
      if (pastExpiry(snapshot)) return html(reply, 410, expiredCheckoutPage(snapshot));
      return html(reply, 200, testCheckoutPage(snapshot, action(sessionId)));
    });

    app.post('/test/checkout/:sessionId/pay', opts, async (request, reply) => {
      const { sessionId } = params.parse(request.params);
      const snapshot = await openSnapshot(sessionId);
      const { cardNumber } = payBody.parse(request.body ?? {});
      // Its cart's units are no longer held for it (decision 137): paying it could sell them twice.
      if (pastExpiry(snapshot)) return html(reply, 410, expiredCheckoutPage(snapshot));
      const card = cardNumber.replace(/\D/g, '');
      if (snapshot.status === 'open' && !ACCEPTED_CARDS.includes(card))
        return html(
          reply,
          402,
          testCheckoutPage(snapshot, action(sessionId), PAYMENT_INFO.testDeclined),
        );
      if (snapshot.status === 'expired') return reply.redirect('/cart', 303);
      if (snapshot.status === 'open' && card === PAYMENT_INFO.testCardRefundsFail)
        provider.refuseRefundsOf(sessionId);
      await fulfilPaid(request.log, sessionId, { evenIfClosed: false });
      // Closed meanwhile (the cart was ordered cash on delivery or changed in another tab), or
      // expired in the moment since it was read: nothing was paid.
      const status = await snapshotStatus(app.database.db, sessionId);
      if (status === 'open') return html(reply, 410, expiredCheckoutPage(snapshot));
      if (status !== 'completed') return reply.redirect('/cart', 303);
      return reply.redirect(`/success?session_id=${encodeURIComponent(sessionId)}`, 303);
    });

    app.post('/test/checkout/:sessionId/cancel', opts, async (request, reply) => {
      const { sessionId } = params.parse(request.params);
      await openSnapshot(sessionId);
      await expireSnapshot(app.database.db, sessionId);
      return reply.redirect('/cart', 303);
    });
  };
