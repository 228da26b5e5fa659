/** What checkout needs from a card payment provider (DESIGN.md §4 "Payment providers"). */
import type { PaymentProvider as ProviderName } from '@otaku/shared';
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

export interface PaymentProvider {
  name: ProviderName;
  createSession: (request: CheckoutRequest) => Promise<ProviderSession>;
  /** Makes an open session unpayable; 'paid' when the payment went through first. */
  closeSession: (sessionId: string) => Promise<ClosedSession>;
}

/** Both providers keep a checkout open for 30 minutes (Stripe's minimum). */
export const CHECKOUT_TTL_MS = 30 * 60_000;
