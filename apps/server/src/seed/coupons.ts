/** Demo coupons: several active, one expired; WELCOME10 is already spent by the first shopper. */
import { randomUUID } from 'node:crypto';
import type { coupons } from '../db/schema/coupons';

export type CouponRow = typeof coupons.$inferInsert & {
  id: string;
  expiresAt: Date;
  createdAt: Date;
};

const DAY_MS = 86_400_000;

const DEMO_COUPONS = [
  { code: 'WELCOME10', percent: 10, createdDaysAgo: 200, expiresInDays: 365 },
  { code: 'OTAKU20', percent: 20, createdDaysAgo: 90, expiresInDays: 120 },
  { code: 'SUMMER15', percent: 15, createdDaysAgo: 45, expiresInDays: 60 },
  { code: 'MANGA25', percent: 25, createdDaysAgo: 20, expiresInDays: 14 },
  { code: 'SPRING30', percent: 30, createdDaysAgo: 120, expiresInDays: -12 },
] as const;

export const WELCOME_COUPON = 'WELCOME10';

export function buildCoupons(now: Date): CouponRow[] {
  return DEMO_COUPONS.map((c) => ({
    id: randomUUID(),
    code: c.code,
    discountPercent: c.percent,
    createdAt: new Date(now.getTime() - c.createdDaysAgo * DAY_MS),
    // Coupons run to the end of a day, as a person would set them in the dashboard.
    expiresAt: new Date(
      new Date(now.getTime() + c.expiresInDays * DAY_MS).setUTCHours(23, 59, 59, 0),
    ),
  }));
}
