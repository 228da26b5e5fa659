/** Staff queries on coupons and their uses. Only queries: the rules live in the service. */
import { count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { couponUses, coupons } from '../../db/schema/index';

export type CouponRow = typeof coupons.$inferSelect;
export type CouponWithUsage = CouponRow & { usageCount: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A coupon is addressed by its _id or, for convenience, its code. */
const couponKey = (id: string) =>
  UUID.test(id) ? eq(coupons.id, id) : eq(coupons.code, id.toUpperCase());

const usage = sql<number>`(select count(*)::int from coupon_uses cu where cu.coupon_id = "coupons"."id")`;

/** Inserts the coupon; undefined when the code is taken. */
export async function insertCoupon(
  db: Executor,
  coupon: { code: string; discountPercent: number; expiresAt: Date },
): Promise<CouponRow | undefined> {
  const [row] = await db
    .insert(coupons)
    .values(coupon)
    .onConflictDoNothing({ target: coupons.code })
    .returning();
  return row;
}

export async function updateCoupon(
  db: Executor,
  id: string,
  patch: { discountPercent: number; expiresAt: Date },
): Promise<CouponWithUsage | undefined> {
  const [row] = await db.update(coupons).set(patch).where(couponKey(id)).returning();
  if (!row) return undefined;
  const [withUsage] = await db
    .select({ usageCount: usage })
    .from(coupons)
    .where(eq(coupons.id, row.id));
  return { ...row, usageCount: withUsage?.usageCount ?? 0 };
}

export async function countCoupons(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(coupons);
  return row?.n ?? 0;
}

export async function listCoupons(
  db: Executor,
  limit: number,
  offset: number,
): Promise<CouponWithUsage[]> {
  const rows = await db
    .select({ coupon: coupons, usageCount: usage })
    .from(coupons)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r.coupon, usageCount: Number(r.usageCount) }));
}

export async function deleteCoupon(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(coupons).where(couponKey(id)).returning({ id: coupons.id });
  return rows.length > 0;
}

export async function couponStats(db: Executor, now: Date) {
  const [active] = await db.select({ n: count() }).from(coupons).where(gt(coupons.expiresAt, now));
  const [uses] = await db
    .select({
      n: count(),
      cents: sql<string>`coalesce(sum(${couponUses.discountCents}), 0)`,
    })
    .from(couponUses);
  return {
    activeCoupons: active?.n ?? 0,
    totalUsage: uses?.n ?? 0,
    totalDiscountCents: Number(uses?.cents ?? 0),
  };
}
