import { ORDER_MAIL_KINDS, PAYMENT_PROVIDERS, REFUND_STATUSES } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './products';
import { users } from './users';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** orderID shown to people, e.g. ORD-7K2M9Q4A. */
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so an order still names its customer after the account is deleted. */
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    paymentMethod: text('payment_method', { enum: ['cod', 'card'] }).notNull(),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid'] })
      .notNull()
      .default('unpaid'),
    status: text('status', { enum: ['pending', 'processing', 'shipped', 'delivered'] })
      .notNull()
      .default('pending'),
    shippingAddress: text('shipping_address').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    couponCode: text('coupon_code'),
    discountPercent: integer('discount_percent').notNull().default(0),
    /** Provider session that paid for this order: makes card fulfilment idempotent. */
    checkoutSessionId: text('checkout_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.orderNumber),
    uniqueIndex('orders_checkout_session_key').on(t.checkoutSessionId),
    // Newest first, ties by id, as the dashboard and purchase history read them.
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_user_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_status_idx').on(t.status),
    check(
      'orders_status_check',
      sql`${t.status} in ('pending', 'processing', 'shipped', 'delivered')`,
    ),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('cod', 'card')`),
    check(
      'orders_amounts_check',
      sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
);

/**
 * How many orders have each status, kept by a trigger on orders (migration 0003) so the
 * dashboard's totals and stat cards cost a few rows, not a count over every order. Each status
 * has up to 8 rows, picked by the writing connection, so concurrent order placements
 * do not queue on one counter row; a status's count is the sum of its slots.
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    status: text('status').notNull(),
    slot: integer('slot').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.slot] })],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productImage: text('product_image').notNull(),
    variant: text('variant').notNull(),
    quantity: integer('quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
    /**
     * Units of the line that could not be taken from stock when the order was paid for (its
     * reservation had lapsed and the stock was gone), written with the line (decision 138).
     */
    shortQuantity: integer('short_quantity').notNull().default(0),
    /**
     * The release date of the line's product when it was ordered as a pre-order (decision 167);
     * null for a line ordered from stock. Kept after the release, so the history still says it.
     */
    releaseDate: date('release_date', { mode: 'string' }),
    /**
     * The release date the line had before staff last moved its product's (decision 170); null
     * when it never moved.
     */
    releaseMovedFrom: date('release_moved_from', { mode: 'string' }),
    /**
     * When the shopper cancelled the line, a pre-order before its release (decision 169): its
     * units went back to the allocation and the order's totals no longer count it.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // The few orders that are short, for the dashboard's filter.
    index('order_lines_short_idx')
      .on(t.orderId)
      .where(sql`${t.shortQuantity} > 0`),
    // The pre-ordered lines of a product still on order: orders waiting for a release, units
    // pre-ordered, buyers told of a moved date.
    index('order_lines_release_idx')
      .on(t.productId)
      .where(sql`${t.releaseDate} is not null and ${t.cancelledAt} is null`),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('order_lines_price_check', sql`${t.priceCents} >= 0`),
    check(
      'order_lines_short_quantity_check',
      sql`${t.shortQuantity} >= 0 and ${t.shortQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** What a card checkout will buy, frozen when the provider session is created. */
export const checkoutSnapshots = pgTable(
  'checkout_snapshots',
  {
    sessionId: text('session_id').primaryKey(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** Null once the account is deleted: a checkout already paid for still becomes an order. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The customer as the order will name them, taken when the checkout starts. */
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    cartId: text('cart_id').notNull(),
    /** [{ productId, variant, quantity, priceCents, name, image }] */
    items: jsonb('items').notNull(),
    couponCode: text('coupon_code'),
    discountPercent: integer('discount_percent').notNull().default(0),
    shippingAddress: text('shipping_address').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: ['open', 'completed', 'expired'] })
      .notNull()
      .default('open'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('checkout_snapshots_user_idx').on(t.userId, t.createdAt.desc()),
    // A cart's open checkouts, closed when the cart is ordered another way (checkout.service.ts).
    index('checkout_snapshots_open_cart_idx')
      .on(t.cartId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * The e-mails owed and sent for each order, one row per kind (`ORDER_MAIL_KINDS`: when it is
 * placed, and when it ships; decision 109): written when the mail becomes owed, `sentAt` set
 * once it is out, so each kind goes out once per order. `notBefore` is the next try; each try
 * pushes it out. A kind that may be owed again (a further line cancelled, a release date moved
 * again; decision 169) is owed again by raising `version`: the sender marks a mail sent only if
 * its version is still the one it read, so a mail owed while one was being sent goes out too.
 */
export const orderMails = pgTable(
  'order_mails',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_MAIL_KINDS }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.kind] }),
    check(
      'order_mails_kind_check',
      sql`${t.kind} in ('confirmation', 'shipped', 'cancellation', 'release-moved', 'refund-made')`,
    ),
    index('order_mails_due_idx')
      .on(t.notBefore)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Money owed back to a card for cancelled pre-order lines (decision 169), one row per cancelled
 * line, written in the transaction that cancels it. A sender on every instance takes the owed
 * ones with SKIP LOCKED and asks the provider, keyed by the row's id so a repeated request
 * refunds once; `status` is `refunded` once the provider took it, `failed` when it refused or
 * every try failed. The provider's session and name are kept on the row, so a refund owed
 * still goes out if staff delete the order meanwhile.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    lineId: uuid('line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's checkout session that took the payment. */
    sessionId: text('session_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('owed'),
    /** The provider's id of the refund, once it took it. */
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The provider's refusal or the error of the last try, shown to staff (decision 173). */
    lastError: text('last_error'),
    /** The staff member who marked a failed refund as made by hand (decision 173). */
    refundedByHandBy: uuid('refunded_by_hand_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Their name then, kept when their account is deleted. */
    refundedByHandName: text('refunded_by_hand_name'),
    /**
     * How many times staff tried it again: each round asks the provider under a key of its own,
     * as a provider replays a key's first answer, a failure included (decision 173).
     */
    staffRetries: integer('staff_retries').notNull().default(0),
  },
  (t) => [
    uniqueIndex('order_refunds_line_key').on(t.lineId),
    index('order_refunds_order_idx').on(t.orderId),
    // A try reads the other refunds of its payment (decision 173).
    index('order_refunds_session_idx').on(t.sessionId),
    index('order_refunds_due_idx')
      .on(t.notBefore)
      .where(sql`${t.status} = 'owed'`),
    index('order_refunds_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
    check('order_refunds_amount_check', sql`${t.amountCents} > 0`),
    check('order_refunds_status_check', sql`${t.status} in ('owed', 'refunded', 'failed')`),
    check('order_refunds_provider_check', sql`${t.provider} in ('test', 'stripe')`),
  ],
);
