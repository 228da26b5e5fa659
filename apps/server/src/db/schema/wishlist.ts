import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './products';
import { users } from './users';

/** The products a shopper saved (decision 168); at most WISHLIST_MAX each. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('wishlist_items_product_idx').on(t.productId),
  ],
);

/**
 * A shopper waiting for a sold-out variant, and the e-mail that tells them it is back (decision
 * 168). Waiting while `notified_at` is null, in the order of `id`; the trigger on
 * product_variants (db/functions/stock-alerts.sql) sets `notified_at` on as many of the oldest
 * as units came back, which makes their mail due; the sender (modules/wishlist) takes due rows
 * as the order mails' sender does, and sets `sent_at`.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    variant: text('variant').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'stock_alerts_variant_fk',
      columns: [t.productId, t.variant],
      foreignColumns: [productVariants.productId, productVariants.variant],
    }).onDelete('cascade'),
    check('stock_alerts_attempts_check', sql`${t.attempts} >= 0`),
    index('stock_alerts_waiting_idx')
      .on(t.productId, t.variant, t.id)
      .where(sql`${t.notifiedAt} is null`),
    index('stock_alerts_due_idx')
      .on(t.notBefore)
      .where(sql`${t.notifiedAt} is not null and ${t.sentAt} is null`),
    uniqueIndex('stock_alerts_one_waiting_idx')
      .on(t.userId, t.productId, t.variant)
      .where(sql`${t.notifiedAt} is null`),
    index('stock_alerts_user_idx').on(t.userId),
  ],
);
