/** The dashboard's coupon calls: create, edit, list, delete and stats (spec §5, §7). */
import {
  couponStatus,
  DASHBOARD_RULES,
  PAGE_SIZE,
  toDollars,
  type CouponStats,
  type DashboardCoupon,
} from '@otaku/shared';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import * as repo from './coupons-admin.repo';

export function toDashboardCoupon(row: repo.CouponWithUsage, now = new Date()): DashboardCoupon {
  return {
    _id: row.id,
    couponCode: row.code,
    discountPercentage: row.discountPercent,
    expiryDate: row.expiresAt.toISOString(),
    status: couponStatus(row.expiresAt, now),
    usageCount: row.usageCount,
    createdAt: row.createdAt.toISOString(),
  };
}

function mustBeFuture(expiresAt: Date, now: Date) {
  if (expiresAt.getTime() <= now.getTime())
    throw badRequest(DASHBOARD_RULES.expiryPast, 'expiryDate');
}

export async function createCoupon(
  db: Executor,
  input: { couponCode: string; discountPercentage: number; expiryDate: Date },
  now = new Date(),
): Promise<DashboardCoupon> {
  mustBeFuture(input.expiryDate, now);
  const row = await repo.insertCoupon(db, {
    code: input.couponCode,
    discountPercent: input.discountPercentage,
    expiresAt: input.expiryDate,
  });
  if (!row) throw conflict(DASHBOARD_RULES.couponCodeTaken);
  return toDashboardCoupon({ ...row, usageCount: 0 }, now);
}

export async function updateCoupon(
  db: Executor,
  id: string,
  input: { discountPercentage: number; expiryDate: Date },
  now = new Date(),
): Promise<DashboardCoupon> {
  // Any date: one already past ends the coupon now (a leaked code), and an expired coupon can
  // be corrected or brought back.
  const row = await repo.updateCoupon(db, id, {
    discountPercent: input.discountPercentage,
    expiresAt: input.expiryDate,
  });
  if (!row) throw notFound(DASHBOARD_RULES.couponNotFound);
  return toDashboardCoupon(row, now);
}

export async function listCoupons(db: Executor, page: number) {
  const size = PAGE_SIZE.dashboard;
  const [total, rows] = await Promise.all([
    repo.countCoupons(db),
    repo.listCoupons(db, size, (page - 1) * size),
  ]);
  const now = new Date();
  return {
    coupons: rows.map((row) => toDashboardCoupon(row, now)),
    total,
    totalPages: Math.max(1, Math.ceil(total / size)),
  };
}

export async function deleteCoupon(db: Executor, id: string) {
  if (!(await repo.deleteCoupon(db, id))) throw notFound(DASHBOARD_RULES.couponNotFound);
}

export async function couponStats(db: Executor, now = new Date()): Promise<CouponStats> {
  const stats = await repo.couponStats(db, now);
  return {
    activeCoupons: stats.activeCoupons,
    totalUsage: stats.totalUsage,
    totalDiscount: toDollars(stats.totalDiscountCents),
  };
}
