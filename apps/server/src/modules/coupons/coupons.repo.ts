/** Coupon queries for shoppers: look a code up, and record its one use per user. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { couponUses, coupons } from '../../db/schema/index';

export type CouponRow = typeof coupons.$inferSelect;

/** Codes are stored upper-case; callers pass the code already upper-cased. */
export async function findCouponByCode(ex: Executor, code: string): Promise<CouponRow | null> {
  const [row] = await ex.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row ?? null;
}

export async function hasUsedCoupon(
  ex: Executor,
  couponId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await ex
    .select({ id: couponUses.id })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Records that the user spent the coupon on an order. Returns false when a use already exists:
 * the unique (coupon, user) index decides, so two orders racing for one coupon cannot both win.
 */
export async function recordCouponUse(
  ex: Executor,
  /** `userId` null: a paid checkout whose account was deleted meanwhile (decision 112). */
  use: { couponId: string; userId: string | null; orderId: string; discountCents: number },
): Promise<boolean> {
  const rows = await ex
    .insert(couponUses)
    .values(use)
    .onConflictDoNothing({ target: [couponUses.couponId, couponUses.userId] })
    .returning({ id: couponUses.id });
  return rows.length > 0;
}
