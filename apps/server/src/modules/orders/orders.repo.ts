/** Order queries for shoppers: create an order with its lines, and read a user's history. */
import type { OrderMailKind } from '@otaku/shared';
import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { changed, telling } from '../../db/changed';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { orderLines, orderMails, orders, users } from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
/** Every column of a new order but those the database fills in (its id and timestamps). */
export type NewOrder = Required<Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;
/**
 * An order line as an order shows it: without its own id and its order's, which nothing reads,
 * and whether it waits for its product's release (its product is still a pre-order).
 */
export type OrderLineRow = Omit<typeof orderLines.$inferSelect, 'id' | 'orderId'> & {
  waitingForRelease: boolean;
};
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

/** A named value of a prepared statement (db/prepared.ts). */
const value = (name: string) => sql.placeholder(name);

/** An order line `l` as the JSON object of an OrderLineRow. */
const lineJson = sql`json_build_object('productId', l.product_id, 'productName',
  l.product_name, 'productImage', l.product_image, 'variant', l.variant, 'quantity', l.quantity,
  'priceCents', l.price_cents, 'shortQuantity', l.short_quantity, 'releaseDate', l.release_date,
  'waitingForRelease', l.release_date is not null and exists (select 1 from products p
    where p.id = l.product_id and p.release_date > shop_today()))`;

/** The columns of an orders row a function answers, each read as Drizzle reads the table's. */
const orderFields = Object.fromEntries(
  Object.entries(getTableColumns(orders)).map(([key, column]) => [
    key,
    sql`${sql.identifier(column.name)}`.mapWith(column),
  ]),
) as { [K in keyof OrderRow]: SQL<OrderRow[K]> };

const insertStatement = prepared((ex) =>
  ex
    .select(orderFields)
    .from(sql`order_insert(${value('order')}::jsonb, ${value('lines')}::jsonb)`)
    .prepare('order_insert'),
);

/**
 * Writes the order, its lines (in the order given, each with the units it is short, 0 when
 * not given) and its owed confirmation in one call of `order_insert` (db/functions/orders.sql).
 */
export async function insertOrder(
  ex: Executor,
  order: NewOrder,
  lines: readonly NewOrderLine[],
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const [row] = await insertStatement(ex).execute({
    order: JSON.stringify(order),
    lines: JSON.stringify(lines),
  });
  if (!row) throw new Error('order_insert answered no row');
  return {
    order: row,
    lines: lines.map((line) => ({
      ...line,
      productId: line.productId ?? null,
      shortQuantity: line.shortQuantity ?? 0,
      releaseDate: line.releaseDate ?? null,
      // Written from the cart, whose lines carry a release date only while it lies ahead.
      waitingForRelease: (line.releaseDate ?? null) !== null,
    })),
  };
}

/**
 * Counts the order's units as sold (`order_add_units_sold`, db/functions/orders.sql). With
 * `emptyCart` (a cash order takes the whole cart) the same call deletes that cart's lines:
 * their reserved units have become the order's, so they leave the cart without going back to
 * stock.
 */
export async function addUnitsSold(
  ex: Executor,
  orderId: string,
  options: { emptyCart?: string } = {},
): Promise<void> {
  const adding = ex.execute(
    sql`select order_add_units_sold(${orderId}::uuid, ${options.emptyCart ?? null}::text)`,
  );
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

/** The user's order with this orderID, with its lines; null when it is not theirs or none. */
export async function findUserOrder(
  ex: Executor,
  userId: string,
  orderNumber: string,
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
  const [row] = await ex
    .select({ order: orders, lines: orderLinesJson })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)));
  return row ?? null;
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
