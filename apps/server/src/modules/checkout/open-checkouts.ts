/**
 * A cart has at most one card checkout open for payment, and none once it is ordered another
 * way (decision 118). Whatever orders a cart, or opens a checkout for it, does so in a
 * transaction that holds the cart's row lock and has seen no open checkout of the cart; the
 * open ones it sees are closed first, outside any transaction, so no lock waits on the
 * provider. Every such write takes the same lock, so none misses another's checkout.
 */
import { CART_INFO, ORDER_INFO } from '@otaku/shared';
import type { Db, Tx } from '../../db/client';
import { conflict } from '../../lib/errors';
import * as cartRepo from '../cart/cart.repo';
import type { PaymentProvider } from '../payments/payment-provider';
import { expireSnapshot, openSnapshotsOfCart, snapshotStatus } from '../payments/payments.repo';
import type { ImageUrl } from '../../lib/image-urls';

/** What checkout works with: the database, the card provider, and what makes a paid order. */
export interface CheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  /**
   * Makes the order of a session the provider reports paid, as the provider's own report (the
   * Stripe webhook) would; a later report of the same payment then finds it done.
   */
  fulfilPaid: (sessionId: string) => Promise<void>;
  /** RESERVATION_MAX_MINUTES: a card checkout does not hold a line longer than that. */
  holdMaxMinutes: number;
  /** A stored picture's URL in the order answered (S3_PUBLIC_URL). */
  imageUrl: ImageUrl;
}

/**
 * How often the open checkouts are closed and the transaction tried again before giving up:
 * each round closes every one it saw, so only card checkouts started meanwhile, again and
 * again, can use them all up.
 */
const ROUNDS = 3;

type OpenCheckout = Awaited<ReturnType<typeof openSnapshotsOfCart>>[number];
type Outcome<T> = { open: OpenCheckout[] } | { open: null; result: T };

/**
 * Runs `work` in a transaction that holds the cart's row lock, once no card checkout of the cart
 * is open; `cart` is the cart as the lock found it. The lock keeps every other change to the cart
 * out until the transaction ends, and marking the cart active keeps its reservations held while
 * the shopper pays. A checkout found open is closed at the provider and here, and the
 * transaction starts again. A session paid a moment before refuses with 409 `paidMessage`
 * (`ORDER_INFO.paidByCard` unless said otherwise), once it has become its order.
 */
export async function withNoOpenCheckout<T>(
  deps: CheckoutDeps,
  owner: { cartId: string; userId: string },
  work: (tx: Tx, cart: cartRepo.CartState) => Promise<T>,
  paidMessage: string = ORDER_INFO.paidByCard,
): Promise<T> {
  for (let round = 1; ; round++) {
    const outcome = await deps.db.transaction(async (tx): Promise<Outcome<T>> => {
      const cart = await cartRepo.holdCart(tx, owner.cartId, owner.userId);
      // Read after the lock, in a statement of its own: it sees every checkout stored before.
      const open = await openSnapshotsOfCart(tx, owner.cartId);
      if (open.length > 0) return { open };
      return { open: null, result: await work(tx, cart) };
    });
    if (outcome.open === null) return outcome.result;
    if (round === ROUNDS) throw conflict(ORDER_INFO.cartChanged);
    await closeCheckouts(deps, outcome.open, paidMessage);
  }
}

/**
 * Closes checkouts at the provider, then here. A shopper back from the card page who orders
 * cash on delivery, or presses the card button again, must not be able to pay the first
 * session too, which would sell the cart twice.
 */
async function closeCheckouts(
  deps: CheckoutDeps,
  open: readonly OpenCheckout[],
  paidMessage: string,
) {
  const { db, provider } = deps;
  for (const { sessionId, provider: name } of open) {
    // A session of a provider the shop has since left cannot become an order here any more.
    const outcome = name === provider.name ? await provider.closeSession(sessionId) : 'closed';
    if (outcome === 'paid') {
      // Paid at the provider, its report maybe still on the way (or never coming, when the
      // webhook is misconfigured): the order is made now, so the 409's "The order will show in
      // your purchase history" is already true.
      await deps.fulfilPaid(sessionId);
      throw conflict(paidMessage);
    }
    if (
      !(await expireSnapshot(db, sessionId)) &&
      (await snapshotStatus(db, sessionId)) === 'completed'
    )
      throw conflict(paidMessage);
  }
}

/**
 * Closes the cart's open card checkouts before the shopper changes the cart (decision 137), at
 * the provider and then here, and clears the cart's `checkout_open` under its lock once none is
 * left, so the change can go ahead. A session paid a moment before becomes its order and the
 * change is refused with 409 `CART_INFO.paidByCard`: its units were paid for as they were.
 */
export const closeOpenCheckouts = (
  deps: CheckoutDeps,
  owner: { cartId: string; userId: string },
): Promise<void> =>
  withNoOpenCheckout(
    deps,
    owner,
    (tx) => cartRepo.markCheckoutClosed(tx, owner.cartId),
    CART_INFO.paidByCard,
  );
