import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper-case; codes are case-insensitive. */
    code: text('code').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    index('coupons_created_idx').on(t.createdAt.desc(), t.id),
    check('coupons_discount_check', sql`${t.discountPercent} between 1 and 100`),
    check('coupons_code_upper_check', sql`${t.code} = upper(${t.code})`),
  ],
);

/** A use's reference to its coupon, as migration 0000 named it: a use of a deleted coupon fails on it. */
export const COUPON_USE_COUPON_FK = 'coupon_uses_coupon_id_coupons_id_fk';

/** A coupon is usable once per user; the use is recorded with the order that spent it. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    /** Null once the account is deleted: the use still counts in the coupon's stats. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    discountCents: integer('discount_cents').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_uses_once_key').on(t.couponId, t.userId)],
);
