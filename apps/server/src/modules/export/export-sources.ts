/**
 * The rows of each export, newest first as the dashboard's tables list them, read in keyset
 * batches so a large table is never held in memory: each batch continues after the last key
 * of the previous one. Roles and statuses read as the dashboard shows them (decision 163).
 */
import {
  CATEGORY_LABELS,
  couponStatus,
  GENRES,
  ORDER_STATUS_LABELS,
  ROLE_LABELS,
  toDollars,
  typeLabel,
  type ExportType,
} from '@otaku/shared';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  coupons,
  orderLines,
  orders,
  products,
  productVariants,
  users,
} from '../../db/schema/index';
import type { ExportRow } from './export-columns';

export const EXPORT_BATCH = 500;

/**
 * Where a newest-first batch goes on: the last row's creation time, as PostgreSQL text (a JS
 * Date would drop its microseconds), and its id, which orders rows of the same moment.
 */
interface Keyset {
  at: string;
  id: string;
}

/** The creation time as the keyset keeps it. */
const keyOf = (createdAt: Column) => sql<string>`${createdAt}::text`;

/**
 * The rows after `last` in newest-first order: createdAt desc, then id as the table's index on
 * the creation time orders it (desc for users and orders; asc for products and coupons), so each
 * batch reads on from the index. `idType` casts the id's parameter to its column's type.
 */
function olderThan(
  createdAt: Column,
  id: Column,
  last: Keyset | undefined,
  idType: SQL,
  idOrder: 'asc' | 'desc' = 'desc',
) {
  if (!last) return undefined;
  const at = sql`${last.at}::timestamptz`;
  const lastId = sql`${last.id}::${idType}`;
  return idOrder === 'desc'
    ? sql`(${createdAt}, ${id}) < (${at}, ${lastId})`
    : sql`${createdAt} <= ${at} and (${createdAt} < ${at} or ${id} > ${lastId})`;
}

async function* products$(db: Executor, batch: number): AsyncGenerator<ExportRow[]> {
  let last: Keyset | undefined;
  for (;;) {
    const rows = await db
      .select({ ...getTableColumns(products), at: keyOf(products.createdAt) })
      .from(products)
      .where(olderThan(products.createdAt, products.id, last, sql`text`, 'asc'))
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(batch);
    if (rows.length === 0) return;
    const variants = await db
      .select()
      .from(productVariants)
      .where(
        inArray(
          productVariants.productId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(productVariants.position), asc(productVariants.variant));
    yield rows.map((p) => {
      const own = variants.filter((v) => v.productId === p.id);
      const type =
        p.category === 'comics'
          ? p.genres.map((g) => GENRES.find((x) => x.slug === g)?.label ?? g).join(', ')
          : typeLabel(p.category, (p.category === 'toys' ? p.toyType : p.merchType) ?? '');
      return {
        productID: p.id,
        name: p.name,
        category: CATEGORY_LABELS[p.category],
        type,
        price: toDollars(p.priceCents),
        stock: own.reduce((sum, v) => sum + v.stock, 0),
        variants: own
          .filter((v) => v.variant !== '')
          .map((v) => `${v.variant}: ${v.stock}`)
          .join(', '),
        createdAt: p.createdAt,
      };
    });
    const tail = rows.at(-1)!;
    last = { at: tail.at, id: tail.id };
  }
}

async function* orders$(db: Executor, batch: number): AsyncGenerator<ExportRow[]> {
  let last: Keyset | undefined;
  for (;;) {
    // The customer as the dashboard shows them: the account while it exists, else the order's
    // own copy (orders-admin/order-dto.ts).
    const rows = await db
      .select({
        ...getTableColumns(orders),
        at: keyOf(orders.createdAt),
        customer: sql<string>`coalesce(${users.username}, ${orders.customerName})`,
        email: sql<string>`coalesce(${users.email}, ${orders.customerEmail})`,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(olderThan(orders.createdAt, orders.id, last, sql`uuid`))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batch);
    if (rows.length === 0) return;
    // What to pack: "1 × Mecha Figure; 2 × Moon Blade (V1)", by name as order pages list them.
    const items = await db
      .select({
        orderId: orderLines.orderId,
        n: sql<number>`sum(${orderLines.quantity})::int`,
        lines: sql<string>`string_agg(${orderLines.quantity} || ' × ' || ${orderLines.productName}
          || case when ${orderLines.variant} <> '' then ' (' || ${orderLines.variant} || ')'
          else '' end, '; ' order by ${orderLines.productName}, ${orderLines.variant})`,
      })
      .from(orderLines)
      .where(
        and(
          inArray(
            orderLines.orderId,
            rows.map((r) => r.id),
          ),
          // A pre-order line its shopper cancelled is not packed (decision 169).
          isNull(orderLines.cancelledAt),
        ),
      )
      .groupBy(orderLines.orderId);
    const linesOf = new Map(items.map((i) => [i.orderId, i]));
    yield rows.map((o) => ({
      orderID: o.orderNumber,
      customer: o.customer,
      email: o.email,
      date: o.createdAt,
      payment: `${o.paymentMethod === 'cod' ? 'Cash' : 'Card'}, ${o.paymentStatus}`,
      status: ORDER_STATUS_LABELS[o.status],
      items: Number(linesOf.get(o.id)?.n ?? 0),
      lines: linesOf.get(o.id)?.lines ?? '',
      shippingAddress: o.shippingAddress,
      subtotal: toDollars(o.subtotalCents),
      discount: toDollars(o.discountCents),
      couponCode: o.couponCode,
      amount: toDollars(o.totalCents),
    }));
    const tail = rows.at(-1)!;
    last = { at: tail.at, id: tail.id };
  }
}

async function* users$(db: Executor, batch: number): AsyncGenerator<ExportRow[]> {
  let last: Keyset | undefined;
  for (;;) {
    // Only these columns are read: a password hash never reaches the export code.
    const rows = await db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        role: users.role,
        google: users.googleSubject,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        createdAt: users.createdAt,
        at: keyOf(users.createdAt),
      })
      .from(users)
      .where(olderThan(users.createdAt, users.id, last, sql`uuid`))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map((u) => ({
      username: u.username,
      email: u.email,
      role: ROLE_LABELS[u.role],
      signIn: [u.hasPassword ? 'Password' : null, u.google ? 'Google' : null]
        .filter(Boolean)
        .join(' + '),
      joined: u.createdAt,
    }));
    const tail = rows.at(-1)!;
    last = { at: tail.at, id: tail.id };
  }
}

async function* coupons$(db: Executor, batch: number): AsyncGenerator<ExportRow[]> {
  let last: Keyset | undefined;
  const now = new Date();
  for (;;) {
    const rows = await db
      .select({
        id: coupons.id,
        at: keyOf(coupons.createdAt),
        code: coupons.code,
        discount: coupons.discountPercent,
        expiresAt: coupons.expiresAt,
        usage: sql<number>`(select count(*)::int from coupon_uses cu where cu.coupon_id = "coupons"."id")`,
      })
      .from(coupons)
      .where(olderThan(coupons.createdAt, coupons.id, last, sql`uuid`, 'asc'))
      .orderBy(desc(coupons.createdAt), asc(coupons.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map((c) => ({
      couponCode: c.code,
      discountPercentage: c.discount,
      expiryDate: c.expiresAt,
      status: couponStatus(c.expiresAt, now),
      usage: Number(c.usage),
    }));
    const tail = rows.at(-1)!;
    last = { at: tail.at, id: tail.id };
  }
}

export function exportRows(
  db: Executor,
  type: ExportType,
  batch = EXPORT_BATCH,
): AsyncGenerator<ExportRow[]> {
  switch (type) {
    case 'products':
      return products$(db, batch);
    case 'orders':
      return orders$(db, batch);
    case 'users':
      return users$(db, batch);
    case 'coupons':
      return coupons$(db, batch);
  }
}
