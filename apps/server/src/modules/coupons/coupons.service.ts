/**
 * Coupon rules for shoppers (DESIGN.md §4): codes are case-insensitive, valid until their
 * expiry date and usable once per user. The same check runs when a coupon is verified, when a
 * cash-on-delivery order is placed and when a card checkout starts.
 */
import { COUPON, COUPON_INFO, type VerifiedCoupon } from '@otaku/shared';
import type { Executor } from '../../db/client';
import { AppError, conflict } from '../../lib/errors';
import { findCouponByCode, hasUsedCoupon, type CouponRow } from './coupons.repo';

export const normaliseCouponCode = (code: string): string => code.trim().toUpperCase();

/** The coupon the user may apply now; throws the message the shopper should read otherwise. */
export async function usableCoupon(
  ex: Executor,
  code: string,
  userId: string,
  now: Date = new Date(),
): Promise<CouponRow> {
  const coupon = await findCouponByCode(ex, normaliseCouponCode(code));
  if (!coupon) throw new AppError(400, COUPON.invalid, 'VALIDATION', 'couponCode');
  if (coupon.expiresAt.getTime() <= now.getTime())
    throw new AppError(400, COUPON_INFO.expired, 'VALIDATION', 'couponCode');
  if (await hasUsedCoupon(ex, coupon.id, userId)) throw conflict(COUPON_INFO.alreadyUsed);
  return coupon;
}

export const toVerifiedCoupon = (coupon: CouponRow): VerifiedCoupon => ({
  couponCode: coupon.code,
  discountPercentage: coupon.discountPercent,
  expiryDate: coupon.expiresAt.toISOString(),
});
