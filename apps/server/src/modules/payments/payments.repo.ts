/** Checkout snapshots: what a card checkout will buy, frozen when the provider session starts. */
import { and, eq, inArray } from 'drizzle-orm';
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

/**
 * Marks the snapshot completed and returns it, or null when it already was (or does not
 * exist). The conditional update is the idempotency key: however often a completion arrives,
 * only one transaction gets the row back.
 */
export async function claimSnapshot(ex: Executor, sessionId: string): Promise<SnapshotRow | null> {
  const [row] = await ex
    .update(checkoutSnapshots)
    .set({ status: 'completed' })
    .where(
      and(
        eq(checkoutSnapshots.sessionId, sessionId),
        inArray(checkoutSnapshots.status, ['open', 'expired']),
      ),
    )
    .returning();
  return row ?? null;
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
