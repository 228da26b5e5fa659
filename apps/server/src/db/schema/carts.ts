import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { productVariants } from './products';
import { users } from './users';

/** A cart: a random id for guests, `user_<id>` once signed in (spec §3). */
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Last activity; reservations are released after RESERVATION_TTL_MINUTES without any. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A card checkout of the cart may be open (migration 0026, decision 137): set with its
     * snapshot, cleared under the cart's lock by one who found none open. The cart functions
     * change nothing while it is set, so the checkout is closed before the cart changes.
     */
    checkoutOpen: boolean('checkout_open').notNull().default(false),
  },
  (t) => [index('carts_touched_idx').on(t.touchedAt), index('carts_user_idx').on(t.userId)],
);

/** The check that keeps a cart line at MAX_LINE_QUANTITY (99) at most (migration 0016). */
export const CART_LINE_MAX_CHECK = 'cart_items_quantity_max';

/**
 * A cart line, which is also the stock reservation that holds its units. It goes with its
 * variant: a variant the shop stops selling (removed from its product, or the product deleted)
 * leaves no line behind that could still be ordered.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    variant: text('variant').notNull(),
    quantity: integer('quantity').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * When the line's first unit was held; its hold ends RESERVATION_MAX_MINUTES later however
     * often the cart is touched (decision 133).
     */
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId, t.variant] }),
    foreignKey({
      name: 'cart_items_variant_fk',
      columns: [t.productId, t.variant],
      foreignColumns: [productVariants.productId, productVariants.variant],
    }).onDelete('cascade'),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
    // MAX_LINE_QUANTITY (decision 050), the highest MAX_UNITS_PER_ITEM, as a last line of
    // defence: the cart functions count a line after taking the cart's lock (migration 0022).
    check(CART_LINE_MAX_CHECK, sql`${t.quantity} <= 99`),
    index('cart_items_product_idx').on(t.productId, t.variant),
    // The sweeper's look-up of holds past RESERVATION_MAX_MINUTES (migration 0022).
    index('cart_items_reserved_idx').on(t.reservedAt),
  ],
);
