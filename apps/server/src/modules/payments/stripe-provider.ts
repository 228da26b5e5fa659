/**
 * Stripe hosted Checkout (DESIGN.md §4). Line items come from the checkout snapshot, the
 * coupon becomes a one-off amount-off Stripe coupon, and shipping is a line of its own, so
 * Stripe charges exactly the total the shop computed.
 */
import { formatDollars, PAYMENT_INFO, REFUND_PROBLEMS, toDollars } from '@otaku/shared';
import Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import { CHECKOUT_TTL_MS, type PaymentProvider } from './payment-provider';

/** The metadata key a refund the shop makes carries: the shop's id of the refund. */
const SHOP_REFUND_ID = 'shop_refund_id';

export interface StripeSettings {
  secretKey: string;
  /** A Stripe-compatible API (tests point this at a fake on loopback). */
  apiUrl: string | undefined;
}

export function createStripeClient({ secretKey, apiUrl }: StripeSettings): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  const protocol = target?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (protocol === 'http' ? 80 : 443),
          protocol,
        }
      : {}),
  });
}

/** Stripe out of reach (the network, its own fault, its rate limit): try again later (503). */
function unlessUnreachable(error: unknown): never {
  const { errors } = Stripe;
  if (
    error instanceof errors.StripeConnectionError ||
    error instanceof errors.StripeAPIError ||
    error instanceof errors.StripeRateLimitError
  )
    throw new AppError(503, PAYMENT_INFO.providerUnavailable, 'UNAVAILABLE');
  throw error;
}

export function createStripeProvider(stripe: Stripe, publicUrl: string): PaymentProvider {
  const provider = stripeCalls(stripe, publicUrl);
  return {
    name: 'stripe',
    createSession: (request) => provider.createSession(request).catch(unlessUnreachable),
    closeSession: (sessionId) => provider.closeSession(sessionId).catch(unlessUnreachable),
    refund: (request) => provider.refund(request),
  };
}

function stripeCalls(stripe: Stripe, publicUrl: string): Omit<PaymentProvider, 'name'> {
  return {
    createSession: async (request) => {
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = request.items.map(
        (item) => ({
          quantity: item.quantity,
          price_data: {
            currency: 'usd',
            unit_amount: item.priceCents,
            product_data: { name: item.variant ? `${item.name} (${item.variant})` : item.name },
          },
        }),
      );
      if (request.shippingCents > 0)
        lineItems.push({
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: request.shippingCents,
            product_data: { name: 'Shipping' },
          },
        });
      const discounts: Stripe.Checkout.SessionCreateParams.Discount[] = [];
      if (request.discountCents > 0) {
        const coupon = await stripe.coupons.create({
          amount_off: request.discountCents,
          currency: 'usd',
          duration: 'once',
          max_redemptions: 1,
          name: request.couponCode ?? 'Discount',
        });
        discounts.push({ coupon: coupon.id });
      }
      // In whole seconds, as Stripe keeps it: the snapshot's expiry, which ends the hold on the
      // cart's units (decision 137), is then exactly when Stripe stops taking the payment.
      const expiresAt = new Date(Math.floor((Date.now() + CHECKOUT_TTL_MS + 60_000) / 1000) * 1000);
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: lineItems,
        ...(discounts.length > 0 ? { discounts } : {}),
        customer_email: request.customerEmail,
        client_reference_id: request.userId,
        metadata: { cartId: request.cartId },
        success_url: `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicUrl}/cart`,
        expires_at: expiresAt.getTime() / 1000,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url, expiresAt };
    },
    closeSession: async (sessionId) => {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'closed';
      } catch (error) {
        // Only an open session can be expired: ask what became of one that is not.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const { status } = await stripe.checkout.sessions.retrieve(sessionId);
        if (status === 'complete') return 'paid';
        if (status === 'expired') return 'closed';
        throw error;
      }
    },
    refund: async ({ sessionId, amountCents, refundId, key, known }) => {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent = session.payment_intent;
      const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
      if (!paymentIntent) return { refunded: false, reason: 'the session has no payment' };
      // What Stripe already gave back on this payment (decision 173). This refund, made on an
      // earlier try whose answer was lost, or under a key Stripe has forgotten (a day later), is
      // done; money given back that the shop made no record of (refunded in Stripe's dashboard)
      // leaves the decision to a person rather than refunding it a second time.
      const given = (
        await stripe.refunds
          .list({ payment_intent: paymentIntent, limit: 100 })
          .autoPagingToArray({ limit: 10_000 })
      ).filter((r) => r.status !== 'failed' && r.status !== 'canceled');
      const earlier = given.find((r) => r.metadata?.[SHOP_REFUND_ID] === refundId);
      if (earlier) return { refunded: true, refundId: earlier.id };
      const unknownCents =
        given
          .filter((r) => !r.metadata?.[SHOP_REFUND_ID] && !known.refundIds.includes(r.id))
          .reduce((sum, r) => sum + r.amount, 0) - known.byHandCents;
      if (unknownCents > 0)
        return {
          refunded: false,
          reason: REFUND_PROBLEMS.unknownRefunds(formatDollars(toDollars(unknownCents))),
        };
      try {
        // The idempotency key makes a repeated request (a retry after a lost answer, another
        // instance) the same refund: Stripe answers the first one's result.
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: amountCents,
            metadata: { [SHOP_REFUND_ID]: refundId },
          },
          { idempotencyKey: `refund-${key}` },
        );
        if (refund.status === 'failed' || refund.status === 'canceled')
          return { refunded: false, reason: refund.failure_reason ?? refund.status };
        return { refunded: true, refundId: refund.id };
      } catch (error) {
        // A request Stripe refuses as it stands (more than is left to refund, say) will not
        // succeed on a later try.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return { refunded: false, reason: error.message };
        throw error;
      }
    },
  };
}
