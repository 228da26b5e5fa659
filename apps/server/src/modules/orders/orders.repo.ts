/** Order queries for shoppers: create an order with its lines, and read a user's history. */
import { randomUUID } from 'node:crypto';
import type {
  OrderMailKind,
  PaymentProvider as PaymentProviderName,
  RefundStatus,
  Totals,
} from '@otaku/shared';
import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { changed, telling } from '../../db/changed';
import type { Executor } from '../../db/client';
import { prepared, rowsOf } from '../../db/prepared';
import {
  checkoutSnapshots,
  couponUses,
  orderLines,
  orderMails,
  orderRefunds,
  orders,
  products,
  productVariants,
  users,
} from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
/** Every column of a new order but those the database fills in (its id and timestamps). */
export type NewOrder = Required<Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;
/**
 * An order line as an order shows it: without its order's id, which nothing reads; whether it
 * was cancelled (decision 169) rather than when; and whether it waits for its product's release
 * (it was ordered as a pre-order, is not cancelled, and its product is still one).
 */
export type OrderLineRow = Omit<typeof orderLines.$inferSelect, 'orderId' | 'cancelledAt'> & {
  cancelled: boolean;
  waitingForRelease: boolean;
  /** The card refund of a cancelled line, when its order was paid by card. */
  refund: { amountCents: number; status: RefundStatus } | null;
};
export type NewOrderLine = Omit<
  typeof orderLines.$inferInsert,
  'id' | 'orderId' | 'cancelledAt' | 'releaseMovedFrom'
>;

/** A named value of a prepared statement (db/prepared.ts). */
const value = (name: string) => sql.placeholder(name);

/** An order line `l` as the JSON object of an OrderLineRow. */
const lineJson = sql`json_build_object('id', l.id, 'productId', l.product_id, 'productName',
  l.product_name, 'productImage', l.product_image, 'variant', l.variant, 'quantity', l.quantity,
  'priceCents', l.price_cents, 'shortQuantity', l.short_quantity, 'releaseDate', l.release_date,
  'releaseMovedFrom', l.release_moved_from, 'cancelled', l.cancelled_at is not null,
  'refund', case when l.cancelled_at is not null then (select json_build_object('amountCents',
    r.amount_cents, 'status', r.status) from order_refunds r where r.line_id = l.id) end,
  'waitingForRelease', l.release_date is not null and l.cancelled_at is null and exists (
    select 1 from products p where p.id = l.product_id and p.release_date > shop_today()))`;

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
  // The lines' ids are made here, so the answer names them without reading the lines back.
  const written = lines.map((line) => ({ ...line, id: randomUUID() }));
  const [row] = await insertStatement(ex).execute({
    order: JSON.stringify(order),
    lines: JSON.stringify(written),
  });
  if (!row) throw new Error('order_insert answered no row');
  return {
    order: row,
    lines: written.map((line) => ({
      ...line,
      releaseMovedFrom: null,
      cancelled: false,
      refund: null,
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

/** The caller's order with this orderID, locked until the transaction ends; null when none. */
export async function lockUserOrder(
  ex: Executor,
  userId: string,
  orderNumber: string,
): Promise<OrderRow | null> {
  const [row] = await ex
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)))
    .for('update');
  return row ?? null;
}

/** An order's lines as cancelling one needs them: prices, and whether each is released. */
export async function linesToCancel(ex: Executor, orderId: string) {
  return ex
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      productName: orderLines.productName,
      variant: orderLines.variant,
      quantity: orderLines.quantity,
      priceCents: orderLines.priceCents,
      shortQuantity: orderLines.shortQuantity,
      releaseDate: orderLines.releaseDate,
      cancelled: sql<boolean>`${orderLines.cancelledAt} is not null`,
      /** Its product is still a pre-order (null: the product is gone). */
      unreleased: sql<boolean | null>`(select p.release_date > shop_today() from ${products} p
        where p.id = ${orderLines.productId})`,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
}

export type LineToCancel = Awaited<ReturnType<typeof linesToCancel>>[number];

/**
 * Marks the line cancelled and gives its units back (decision 169): those it took to the
 * variant's stock, the pre-order allocation (units short at payment were never taken), and all
 * of them to its product's units sold. The popular sort may change anywhere in the catalog.
 */
export async function cancelOrderLine(ex: Executor, line: LineToCancel): Promise<void> {
  await ex
    .update(orderLines)
    .set({ cancelledAt: sql`now()` })
    .where(eq(orderLines.id, line.id));
  if (line.productId === null) return;
  const productId = line.productId;
  const giving = (async () => {
    const taken = line.quantity - line.shortQuantity;
    if (taken > 0)
      await ex
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${taken}` })
        .where(
          and(eq(productVariants.productId, productId), eq(productVariants.variant, line.variant)),
        );
    await ex
      .update(products)
      .set({ unitsSold: sql`greatest(${products.unitsSold} - ${line.quantity}, 0)` })
      .where(eq(products.id, productId));
  })();
  await telling(giving, () => changed.catalog(ex, 'all'));
}

/** Writes an order's totals anew; and its coupon use's discount, or frees the coupon. */
export async function setOrderTotals(
  ex: Executor,
  orderId: string,
  totals: Totals,
  { couponFreed }: { couponFreed: boolean },
): Promise<void> {
  await ex
    .update(orders)
    .set({ ...totals, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
  if (couponFreed) await ex.delete(couponUses).where(eq(couponUses.orderId, orderId));
  else
    await ex
      .update(couponUses)
      .set({ discountCents: totals.discountCents })
      .where(eq(couponUses.orderId, orderId));
}

/**
 * Owes a card refund for a cancelled line (order_refunds), through the provider that took the
 * payment (its checkout snapshot's; `provider` when that is gone). Answers the refund's id.
 */
export async function oweRefund(
  ex: Executor,
  refund: { orderId: string; lineId: string; sessionId: string; amountCents: number },
  provider: PaymentProviderName,
): Promise<string> {
  const [row] = await ex
    .insert(orderRefunds)
    .values({
      ...refund,
      provider: sql`coalesce((select s.provider from ${checkoutSnapshots} s
        where s.session_id = ${refund.sessionId}), ${provider})`,
    })
    .returning({ id: orderRefunds.id });
  if (!row) throw new Error('the refund was not written');
  return row.id;
}

/**
 * Owes the order's e-mail of a kind that may be owed more than once (a further cancellation, a
 * moved date): a new row, or the sent one owed again with its version raised, so a sender that
 * is sending the older version does not mark this one sent (order-mails.ts).
 */
export async function oweOrderMailAgain(ex: Executor, orderId: string, kind: OrderMailKind) {
  await ex
    .insert(orderMails)
    .values({ orderId, kind })
    .onConflictDoUpdate({
      target: [orderMails.orderId, orderMails.kind],
      set: {
        version: sql`${orderMails.version} + 1`,
        sentAt: null,
        attempts: 0,
        notBefore: sql`now()`,
      },
    });
}

/**
 * A pre-order's release date moved to `to` (decision 170): every line ordered as a pre-order of
 * it and still on order (not cancelled, not from an earlier release) takes the new date and
 * keeps the one it had, and each of their orders owes one "release moved" mail (owed again if
 * one was owed or sent before, so a buyer hears of every move, once per order). Runs in the
 * transaction that saves the product, after its row was locked. Answers how many orders are
 * owed a mail.
 */
export async function moveOrderedRelease(
  ex: Executor,
  productId: string,
  to: string,
): Promise<number> {
  const rows = rowsOf<{ order_id: string }>(
    await ex.execute(sql`
      with moved as (
        update order_lines l set release_moved_from = l.release_date, release_date = ${to}::date
        where l.product_id = ${productId} and l.release_date is not null
          and l.cancelled_at is null and l.release_date > shop_today()
          and l.release_date <> ${to}::date
        returning l.order_id
      )
      insert into order_mails as m (order_id, kind)
      select distinct order_id, 'release-moved' from moved
      on conflict (order_id, kind) do update
        set version = m.version + 1, sent_at = null, attempts = 0, not_before = now()
      returning m.order_id`),
  );
  return rows.length;
}
