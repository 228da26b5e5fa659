/** Order queries for shoppers: create an order with its lines, and read a user's history. */
import type { OrderMailKind } from '@otaku/shared';
import { count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { changed, telling } from '../../db/changed';
import type { Executor } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { orderLines, orderMails, orders, users } from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
/** Every column of a new order but those the database fills in (its id and timestamps). */
export type NewOrder = Required<Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;
/** An order line as an order shows it: without its own id and its order's, which nothing reads. */
export type OrderLineRow = Omit<typeof orderLines.$inferSelect, 'id' | 'orderId'>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

/** A named value of a prepared statement (db/prepared.ts). */
const value = (name: string) => sql.placeholder(name);

/** An order line `l` as the JSON object of an OrderLineRow. */
const lineJson = sql`json_build_object('productId', l.product_id, 'productName',
  l.product_name, 'productImage', l.product_image, 'variant', l.variant, 'quantity', l.quantity,
  'priceCents', l.price_cents, 'shortQuantity', l.short_quantity)`;

// The statement keeps one shape however many lines there are: they come as one JSON array,
// written in its order.
const insertStatement = preparedSql<Record<string, unknown> & { lines: OrderLineRow[] }>(
  'order_insert',
  sql`
    with o as (
      insert into orders (order_number, user_id, customer_name, customer_email, payment_method,
        payment_status, status, shipping_address, subtotal_cents, shipping_cents, discount_cents,
        total_cents, coupon_code, discount_percent, checkout_session_id)
      values (${value('orderNumber')}::text, ${value('userId')}::uuid,
        ${value('customerName')}::text, ${value('customerEmail')}::text,
        ${value('paymentMethod')}::text, ${value('paymentStatus')}::text, ${value('status')}::text,
        ${value('shippingAddress')}::text, ${value('subtotalCents')}::int,
        ${value('shippingCents')}::int, ${value('discountCents')}::int, ${value('totalCents')}::int,
        ${value('couponCode')}::text, ${value('discountPercent')}::int,
        ${value('checkoutSessionId')}::text)
      returning *
    ), l as (
      insert into order_lines (order_id, product_id, product_name, product_image, variant,
        quantity, price_cents, short_quantity)
      select o.id, x.product_id, x.product_name, x.product_image, x.variant, x.quantity,
        x.price_cents, coalesce(x.short_quantity, 0)
      from o, rows from (jsonb_to_recordset(${value('lines')}::jsonb) as ("productId" text,
        "productName" text, "productImage" text, variant text, quantity int, "priceCents" int,
        "shortQuantity" int))
        with ordinality as x(product_id, product_name, product_image, variant, quantity,
          price_cents, short_quantity, n)
      order by x.n
      returning *
    ), m as (
      -- The order's confirmation mail is owed from the moment the order exists (decision 109).
      insert into order_mails (order_id, kind) select id, 'confirmation' from o
    )
    select o.*, coalesce((
      select json_agg(${lineJson}) from l), '[]'::json) as lines
    from o`,
);

const orderColumns = Object.entries(getTableColumns(orders));

/** An orders row as a hand-written statement answers it (snake_case), mapped as Drizzle would. */
export const toOrderRow = (row: Record<string, unknown>) =>
  Object.fromEntries(
    orderColumns.map(([key, column]) => {
      const stored = row[column.name];
      return [key, stored == null ? null : column.mapFromDriverValue(stored)];
    }),
  ) as OrderRow;

/**
 * Writes the order, its lines (in the order given, each with the units it is short, 0 when
 * not given) and its owed confirmation in one statement.
 */
export async function insertOrder(
  ex: Executor,
  order: NewOrder,
  lines: readonly NewOrderLine[],
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const [row] = await insertStatement(ex, { ...order, lines: JSON.stringify(lines) });
  const { lines: inserted, ...stored } = row!;
  return { order: toOrderRow(stored), lines: inserted };
}

/**
 * Adds the units of an order's lines to their products' units sold (the popular sort) in one
 * statement, which may hold one more write (`step`, a common table expression). Products are
 * locked in id order before they change, so orders of the same products never deadlock.
 */
function unitsSoldStatement(name: string, step: SQL) {
  return preparedSql(
    name,
    sql`
      with ${step} sold as (
        select product_id, sum(quantity)::int as units from order_lines
        where order_id = ${value('orderId')}::uuid and product_id is not null
        group by product_id
      ), locked as (
        select p.id, s.units from products p join sold s on s.product_id = p.id
        order by p.id
        for no key update of p
      )
      update products p set units_sold = p.units_sold + locked.units
      from locked where p.id = locked.id`,
  );
}

const addUnitsSoldStatement = unitsSoldStatement('order_units_sold', sql``);
const emptyCartAndAddUnitsSoldStatement = unitsSoldStatement(
  'order_units_sold_cart_emptied',
  // Read by nothing, yet run in full: PostgreSQL runs it to the end after the update.
  sql`emptied as (delete from cart_items where cart_id = ${value('cartId')}::text),`,
);

/**
 * Counts the order's units as sold. With `emptyCart` (a cash order takes the whole cart) the
 * same statement deletes that cart's lines: their reserved units have become the order's, so
 * they leave the cart without going back to stock.
 */
export async function addUnitsSold(
  ex: Executor,
  orderId: string,
  options: { emptyCart?: string } = {},
): Promise<void> {
  const adding =
    options.emptyCart === undefined
      ? addUnitsSoldStatement(ex, { orderId })
      : emptyCartAndAddUnitsSoldStatement(ex, { orderId, cartId: options.emptyCart });
  // The popular sort's order may change anywhere in the catalog.
  await telling(adding, () => changed.catalog(ex, 'all'));
}

export async function countUserOrders(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * An order's lines as one JSON array (by product name, then variant), read in the statement
 * that reads the order: a column of any select from `orders`.
 */
// Qualified by hand: in a select from one table Drizzle writes a column without its table,
// and inside the subquery a bare "id" would be the line's own.
const orderId = sql`${orders}.${sql.identifier(orders.id.name)}`;

export const orderLinesJson = sql<OrderLineRow[]>`coalesce((
  select json_agg(${lineJson} order by l.product_name, l.variant)
  from ${orderLines} l where l.order_id = ${orderId}
), '[]'::json)`;

/** One page of the user's orders, newest first, each with its lines. */
export async function listUserOrders(
  ex: Executor,
  userId: string,
  limit: number,
  offset: number,
): Promise<Array<{ order: OrderRow; lines: OrderLineRow[] }>> {
  return ex
    .select({ order: orders, lines: orderLinesJson })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

/** Owes the order's e-mail of this kind unless it was owed before; true when it is new. */
export async function oweOrderMail(ex: Executor, orderId: string, kind: OrderMailKind) {
  const rows = await ex
    .insert(orderMails)
    .values({ orderId, kind })
    .onConflictDoNothing()
    .returning({ orderId: orderMails.orderId });
  return rows.length > 0;
}

/** The orders with these ids, each with its lines as its e-mails show them, by id. */
export async function ordersForMail(ex: Executor, orderIds: readonly string[]) {
  const rows =
    orderIds.length === 0
      ? []
      : await ex
          .select({ order: orders, lines: orderLinesJson })
          .from(orders)
          .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((row) => [row.order.id, { ...row.order, lines: row.lines }]));
}

export async function userProfile(ex: Executor, userId: string) {
  const [row] = await ex
    .select({ username: users.username, email: users.email, profilePic: users.profilePic })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
