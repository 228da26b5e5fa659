/** Checkout snapshots: what a card checkout will buy, frozen when the provider session starts. */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { checkoutSnapshots } from '../../db/schema/index';

export type SnapshotRow = typeof checkoutSnapshots.$inferSelect;
export type NewSnapshot = typeof checkoutSnapshots.$inferInsert;

export interface SnapshotItem {
  productId: string;
  variant: string;
  quantity: number;
  priceCents: number;
  name: string;
  image: string;
  /**
   * A pre-order's release date (yyyy-mm-dd) as the cart showed it (decision 167); absent in
   * snapshots taken before pre-orders, and for lines that ship now.
   */
  releaseDate?: string | null;
}

export async function insertSnapshot(ex: Executor, snapshot: NewSnapshot): Promise<void> {
  await ex.insert(checkoutSnapshots).values(snapshot);
}

export async function findSnapshot(ex: Executor, sessionId: string): Promise<SnapshotRow | null> {
  const [row] = await ex
    .select()
    .from(checkoutSnapshots)
    .where(eq(checkoutSnapshots.sessionId, sessionId));
  return row ?? null;
}

type SnapshotStatus = SnapshotRow['status'];

/**
 * Marks the snapshot completed and returns it, or null when it already was, is not in one of
 * `from` (or does not exist), or, with `unexpired`, is past its expiry: its cart's units are no
 * longer held for it (decision 137). The conditional update is the idempotency key: however
 * often a completion arrives, only one transaction gets the row back.
 */
export async function claimSnapshot(
  ex: Executor,
  sessionId: string,
  from: readonly SnapshotStatus[],
  unexpired = false,
): Promise<SnapshotRow | null> {
  const [row] = await ex
    .update(checkoutSnapshots)
    .set({ status: 'completed' })
    .where(
      and(
        eq(checkoutSnapshots.sessionId, sessionId),
        inArray(checkoutSnapshots.status, from),
        unexpired ? gt(checkoutSnapshots.expiresAt, sql`now()`) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** The checkouts of a cart still open for payment (few: one per press of the card button). */
export async function openSnapshotsOfCart(
  ex: Executor,
  cartId: string,
): Promise<Pick<SnapshotRow, 'sessionId' | 'provider'>[]> {
  return ex
    .select({ sessionId: checkoutSnapshots.sessionId, provider: checkoutSnapshots.provider })
    .from(checkoutSnapshots)
    .where(and(eq(checkoutSnapshots.cartId, cartId), eq(checkoutSnapshots.status, 'open')));
}

/** Whether an open session is past its expiry: nobody may pay it any more (decision 137). */
export const pastExpiry = (snapshot: Pick<SnapshotRow, 'status' | 'expiresAt'>, now = new Date()) =>
  snapshot.status === 'open' && snapshot.expiresAt.getTime() <= now.getTime();

/** The status of a snapshot, or null when there is none. */
export async function snapshotStatus(
  ex: Executor,
  sessionId: string,
): Promise<SnapshotStatus | null> {
  const [row] = await ex
    .select({ status: checkoutSnapshots.status })
    .from(checkoutSnapshots)
    .where(eq(checkoutSnapshots.sessionId, sessionId));
  return row?.status ?? null;
}

export async function attachOrder(ex: Executor, sessionId: string, orderId: string) {
  await ex
    .update(checkoutSnapshots)
    .set({ orderId })
    .where(eq(checkoutSnapshots.sessionId, sessionId));
}

/** An abandoned or cancelled checkout; a completed one is never touched. */
export async function expireSnapshot(ex: Executor, sessionId: string): Promise<boolean> {
  const rows = await ex
    .update(checkoutSnapshots)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSnapshots.sessionId, sessionId), eq(checkoutSnapshots.status, 'open')))
    .returning({ sessionId: checkoutSnapshots.sessionId });
  return rows.length > 0;
}
