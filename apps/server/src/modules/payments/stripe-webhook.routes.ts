/**
 * POST /api/stripe/webhook. The signature is checked on the raw body, so this plugin keeps
 * JSON bodies as bytes in its own scope. A completed checkout creates the order exactly once
 * (fulfilCheckout is idempotent); an expired one only closes a snapshot that is still open.
 */
import { PAYMENT_INFO } from '@otaku/shared';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import type { FulfilPaid } from './payment-provider';
import { expireSnapshot } from './payments.repo';

export const stripeWebhookRoutes =
  (stripe: Stripe, webhookSecret: string, fulfilPaid: FulfilPaid): FastifyPluginAsync =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    const open = { config: { access: 'public' }, schema: { hide: true } } as const;
    app.post('/stripe/webhook', open, async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error();
        event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
      } catch {
        throw new AppError(400, PAYMENT_INFO.invalidSignature, 'VALIDATION');
      }
      const db = app.database.db;
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          if (session.payment_status === 'unpaid') break; // an async payment still pending
          await fulfilPaid(request.log, session.id, { evenIfClosed: true });
          break;
        }
        case 'checkout.session.expired':
          await expireSnapshot(db, event.data.object.id);
          break;
        default:
          break;
      }
      return { received: true };
    });
  };
