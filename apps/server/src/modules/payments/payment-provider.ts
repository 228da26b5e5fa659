/** What checkout needs from a card payment provider (DESIGN.md §4 "Payment providers"). */
import type { PaymentProvider as ProviderName } from '@otaku/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SnapshotItem } from './payments.repo';

export interface CheckoutRequest {
  items: SnapshotItem[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  couponCode: string | null;
  customerEmail: string;
  userId: string;
  cartId: string;
}

export interface ProviderSession {
  sessionId: string;
  /** The hosted checkout page the browser is sent to. */
  url: string;
  expiresAt: Date;
}

/** What became of a session the shop closed: it can no longer be paid, or it already was. */
export type ClosedSession = 'closed' | 'paid';

/** Money to give back on a paid session (decision 169). */
export interface RefundRequest {
  sessionId: string;
  amountCents: number;
  /** The shop's id of the refund, kept with it at the provider, so a try finds an earlier one. */
  refundId: string;
  /** The same key is the same request, however often it is sent (one per try). */
  key: string;
  /**
   * What the shop knows was given back on the same payment by its other refunds: the
   * provider's ids of those it made, and what staff gave back by hand. More given back at the
   * provider is a refund the shop does not know of, and a person decides rather than the shop
   * refunding again (decision 173).
   */
  known: { refundIds: readonly string[]; byHandCents: number };
}

/** What the provider made of a refund: taken (with its id), or refused for good. */
export type RefundOutcome =
  { refunded: true; refundId: string } | { refunded: false; reason: string };

export interface PaymentProvider {
  name: ProviderName;
  createSession: (request: CheckoutRequest) => Promise<ProviderSession>;
  /** Makes an open session unpayable; 'paid' when the payment went through first. */
  closeSession: (sessionId: string) => Promise<ClosedSession>;
  /**
   * Gives part of a paid session's payment back. Throws when the provider cannot be reached
   * or had trouble of its own (try again later); a refusal is an outcome, not an error.
   */
  refund: (request: RefundRequest) => Promise<RefundOutcome>;
}

/** Both providers keep a checkout open for 30 minutes (Stripe's minimum). */
export const CHECKOUT_TTL_MS = 30 * 60_000;

/**
 * Whether a payment may complete a checkout the shop had closed. Stripe's report of a payment
 * means the money was taken, whatever the shop thought of the session (it expires there a
 * minute after here); the test provider's page pays only a session that is still open and not
 * past its expiry, when its cart's units may no longer be held for it (decision 137).
 */
export interface PaymentReport {
  evenIfClosed: boolean;
}

/**
 * What becomes of a session a provider reports paid: checkout makes its order (once) and has it
 * mailed. Checkout hands it to the provider's routes (the Stripe webhook, the test page), so
 * payments never imports checkout (decision 142).
 */
export type FulfilPaid = (
  log: FastifyBaseLogger,
  sessionId: string,
  report: PaymentReport,
) => Promise<void>;
