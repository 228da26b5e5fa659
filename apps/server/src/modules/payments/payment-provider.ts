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

export interface PaymentProvider {
  name: ProviderName;
  createSession: (request: CheckoutRequest) => Promise<ProviderSession>;
}

/** Both providers keep a checkout open for 30 minutes (Stripe's minimum). */
export const CHECKOUT_TTL_MS = 30 * 60_000;
