/** Order queries for shoppers: create an order with its lines, and read a user's history. */
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderLines, orders, products, users } from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;

export async function insertOrder(
  ex: Executor,
  order: NewOrder,
  lines: readonly NewOrderLine[],
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const [row] = await ex.insert(orders).values(order).returning();
  const inserted = await ex
    .insert(orderLines)
    .values(lines.map((l) => ({ ...l, orderId: row!.id })))
    .returning();
  return { order: row!, lines: inserted };
}

/** Counts sold units for the popular sort; products are locked in a fixed order. */
export async function addUnitsSold(
  ex: Executor,
  lines: ReadonlyArray<{ productId: string | null; quantity: number }>,
): Promise<void> {
  const sold = new Map<string, number>();
  for (const l of lines)
    if (l.productId) sold.set(l.productId, (sold.get(l.productId) ?? 0) + l.quantity);
  for (const [id, quantity] of [...sold].sort(([a], [b]) => a.localeCompare(b))) {
    await ex
      .update(products)
      .set({ unitsSold: sql`${products.unitsSold} + ${quantity}` })
      .where(eq(products.id, id));
  }
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
  select json_agg(json_build_object(
    'id', l.id, 'orderId', l.order_id, 'productId', l.product_id,
    'productName', l.product_name, 'productImage', l.product_image, 'variant', l.variant,
    'quantity', l.quantity, 'priceCents', l.price_cents
  ) order by l.product_name, l.variant)
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

export async function userProfile(ex: Executor, userId: string) {
  const [row] = await ex
    .select({ username: users.username, email: users.email, profilePic: users.profilePic })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
