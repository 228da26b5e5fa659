/** Staff queries on orders: the paged list, counts by status, status changes, revenue, e-mails. */
import type { OrderMailKind } from '@otaku/shared';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql, sum, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  orderLines,
  orderMails,
  orders,
  orderStatusCounts,
  products,
  productVariants,
  users,
} from '../../db/schema/index';
import { orderLinesJson, type OrderLineRow, type OrderRow } from '../orders/orders.repo';

export interface OrderWithCustomer {
  order: OrderRow;
  profilePic: string | null;
  username: string | null;
  email: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An order is addressed by its _id (uuid) or its orderID (ORD-…). */
export const orderKey = (id: string) =>
  UUID.test(id) ? eq(orders.id, id) : eq(orders.orderNumber, id.toUpperCase());

/** All orders, from the per-status counters the database keeps (a few rows, not every order). */
export async function countOrders(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(${sum(orderStatusCounts.orders)}, 0)::int` })
    .from(orderStatusCounts);
  return row?.n ?? 0;
}

/** All orders, from the per-status counters, as a column of each listed row. */
const ordersTotal = sql<number>`(select coalesce(sum(${orderStatusCounts.orders}), 0)::int from ${orderStatusCounts})`;

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

/** The ids of the orders with units that could not be taken at payment (order_lines_short_idx). */
const shortOrderIds = sql`select sl.order_id from order_lines sl where sl.short_quantity > 0`;

/**
 * A page of orders, newest first, each with its customer and lines, and the number of all
 * orders the page is taken from (`total`): one statement, prepared once per database
 * (db/prepared.ts). Ties are broken by id so pages never overlap. The page is picked off
 * orders_created_idx first and only its rows are joined, so a deep page costs about what the
 * first one does. A page past the end has no row to carry the total: ask countOrders or
 * countShortOrders.
 */
function pageStatement(name: string, where: SQL | undefined, total: SQL<number>) {
  return prepared((db) =>
    db
      .select({
        order: orders,
        profilePic: users.profilePic,
        username: users.username,
        email: users.email,
        lines: orderLinesJson,
        total,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(
        inArray(
          orders.id,
          db
            .select({ id: orders.id })
            .from(orders)
            .where(where)
            .orderBy(...newestFirst)
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset')),
        ),
      )
      .orderBy(...newestFirst)
      .prepare(name),
  );
}

/**
 * The ids of the orders waiting for a release (decision 167): a line ordered as a pre-order,
 * not cancelled (decision 169), whose product is still one. From the few pre-orders (products_release_idx) to their lines
 * (order_lines_release_idx).
 */
const waitingOrderIds = sql`select wl.order_id from order_lines wl
  join products wp on wp.id = wl.product_id
  where wl.release_date is not null and wl.cancelled_at is null
    and wp.release_date > shop_today()`;

/** Which orders a page is taken from: all, or only those short, waiting, or both. */
export interface OrderListFilter {
  shortOnly: boolean;
  waitingOnly?: boolean;
}

const conditionOf = ({ shortOnly, waitingOnly }: OrderListFilter): SQL | undefined => {
  const conditions = [
    ...(shortOnly ? [sql`${orders.id} in (${shortOrderIds})`] : []),
    ...(waitingOnly ? [sql`${orders.id} in (${waitingOrderIds})`] : []),
  ];
  return conditions.length === 0 ? undefined : sql.join(conditions, sql` and `);
};

/** The orders a filtered list holds; the few short or waiting ones, counted from their lines. */
const filteredTotal = (filter: OrderListFilter) =>
  sql<number>`(select count(*)::int from ${orders} where ${conditionOf(filter)})`;

const ordersPage = pageStatement('dashboard_orders_page', undefined, ordersTotal);
/** Only the short orders: few, so they are found by the lines' partial index, then sorted. */
const shortOrdersPage = pageStatement(
  'dashboard_short_orders_page',
  sql`${orders.id} in (${shortOrderIds})`,
  sql<number>`(select count(distinct sl.order_id)::int from order_lines sl where sl.short_quantity > 0)`,
);
const waitingOrdersPage = pageStatement(
  'dashboard_waiting_orders_page',
  conditionOf({ shortOnly: false, waitingOnly: true }),
  filteredTotal({ shortOnly: false, waitingOnly: true }),
);
const shortWaitingOrdersPage = pageStatement(
  'dashboard_short_waiting_orders_page',
  conditionOf({ shortOnly: true, waitingOnly: true }),
  filteredTotal({ shortOnly: true, waitingOnly: true }),
);

export async function listOrders(
  db: Db,
  limit: number,
  offset: number,
  filter: OrderListFilter = { shortOnly: false },
): Promise<Array<OrderWithCustomer & { lines: OrderLineRow[]; total: number }>> {
  const page = filter.waitingOnly
    ? filter.shortOnly
      ? shortWaitingOrdersPage
      : waitingOrdersPage
    : filter.shortOnly
      ? shortOrdersPage
      : ordersPage;
  return page(db).execute({ limit, offset });
}

/** How many orders a filtered list holds (a page past its end carries no total). */
export async function countFilteredOrders(db: Executor, filter: OrderListFilter): Promise<number> {
  if (!filter.waitingOnly) return filter.shortOnly ? countShortOrders(db) : countOrders(db);
  const [row] = await db.select({ n: filteredTotal(filter) }).from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

/** The orders with units that could not be taken at payment. */
export async function countShortOrders(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${orderLines.orderId})::int` })
    .from(orderLines)
    .where(gt(orderLines.shortQuantity, 0));
  return row?.n ?? 0;
}

export async function countByStatus(db: Executor): Promise<{ status: string; n: number }[]> {
  return db
    .select({
      status: orderStatusCounts.status,
      n: sql<number>`${sum(orderStatusCounts.orders)}::int`,
    })
    .from(orderStatusCounts)
    .groupBy(orderStatusCounts.status);
}

/** Sets the status of the order with this id or number; its id, or undefined when none. */
export async function setStatus(
  db: Executor,
  id: string,
  status: OrderRow['status'],
): Promise<string | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(orderKey(id))
    .returning({ id: orders.id });
  return row?.id;
}

export async function deleteOrder(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(orders).where(orderKey(id)).returning({ id: orders.id });
  return rows.length > 0;
}

/** Revenue per UTC day and payment method since `from`. */
export async function revenueSince(
  db: Executor,
  from: Date,
): Promise<{ day: string; method: 'cod' | 'card'; cents: number }[]> {
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      method: orders.paymentMethod,
      cents: sql<string>`sum(${orders.totalCents})`,
    })
    .from(orders)
    .where(sql`${orders.createdAt} >= ${from.toISOString()}`)
    .groupBy(day, orders.paymentMethod);
  return rows.map((r) => ({ ...r, cents: Number(r.cents) }));
}

export async function lowStock(db: Executor, threshold: number, limit: number) {
  return db
    .select({
      productID: products.id,
      name: products.name,
      category: products.category,
      variant: productVariants.variant,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lte(productVariants.stock, threshold))
    .orderBy(asc(productVariants.stock), asc(products.name), asc(productVariants.position))
    .limit(limit);
}

/**
 * The e-mails of the order with this id or number, confirmation first, each with the address
 * they go to; no rows when there is no such order, one row with a null kind when it owes none
 * (placed before decision 109).
 */
export async function mailsOfOrder(db: Executor, id: string) {
  return db
    .select({
      to: orders.customerEmail,
      kind: orderMails.kind,
      attempts: orderMails.attempts,
      notBefore: orderMails.notBefore,
      sentAt: orderMails.sentAt,
    })
    .from(orders)
    .leftJoin(orderMails, eq(orderMails.orderId, orders.id))
    .where(orderKey(id))
    .orderBy(asc(orderMails.kind));
}

export async function orderExists(db: Executor, id: string): Promise<boolean> {
  const rows = await db.select({ id: orders.id }).from(orders).where(orderKey(id)).limit(1);
  return rows.length > 0;
}

/** What a mail's row becomes to be sent as if it had just been owed. */
const dueNow = { sentAt: null, attempts: 0, notBefore: sql`now()` };

/**
 * Makes the order's e-mail of this kind due now with every try back, whether it went out,
 * is still being tried or was given up. False when the order owes no such mail.
 */
export async function makeMailDue(db: Executor, id: string, kind: OrderMailKind) {
  const rows = await db
    .update(orderMails)
    .set(dueNow)
    .where(
      and(
        eq(orderMails.kind, kind),
        inArray(orderMails.orderId, db.select({ id: orders.id }).from(orders).where(orderKey(id))),
      ),
    )
    .returning({ orderId: orderMails.orderId });
  return rows.length > 0;
}

/**
 * A mail given up after its last try waits for 'infinity' (orders/order-mails.ts), so the
 * partial index the sender uses for due mail finds these too.
 */
const givenUp = and(isNull(orderMails.sentAt), eq(orderMails.notBefore, sql`'infinity'`));

export async function countGivenUpMails(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderMails)
    .where(givenUp);
  return row?.n ?? 0;
}

/** Makes every given-up mail due now with its tries back; how many there were. */
export async function makeGivenUpMailsDue(db: Executor): Promise<number> {
  const rows = await db
    .update(orderMails)
    .set(dueNow)
    .where(givenUp)
    .returning({ orderId: orderMails.orderId });
  return rows.length;
}
