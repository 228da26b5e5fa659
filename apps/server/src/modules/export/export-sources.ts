/**
 * The rows of each export, read in keyset batches so a large table is never held in memory:
 * each batch continues after the last key of the previous one.
 */
import {
  CATEGORY_LABELS,
  couponStatus,
  GENRES,
  toDollars,
  typeLabel,
  type ExportType,
} from '@otaku/shared';
import { asc, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
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

async function* products$(db: Executor, batch: number): AsyncGenerator<ExportRow[]> {
  let after = '';
  for (;;) {
    const rows = await db
      .select()
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
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
    after = rows.at(-1)!.id;
  }
}

async function* orders$(db: Executor, batch: number): AsyncGenerator<ExportRow[]> {
  // The cursor keeps the timestamp as PostgreSQL text: a JS Date would drop its microseconds.
  let last: { at: string; id: string } | undefined;
  for (;;) {
    // The customer as the dashboard shows them: the account while it exists, else the order's
    // own copy (orders-admin/order-dto.ts).
    const rows = await db
      .select({
        ...getTableColumns(orders),
        at: sql<string>`${orders.createdAt}::text`,
        customer: sql<string>`coalesce(${users.username}, ${orders.customerName})`,
        email: sql<string>`coalesce(${users.email}, ${orders.customerEmail})`,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(
        last
          ? sql`(${orders.createdAt}, ${orders.id}) < (${last.at}::timestamptz, ${last.id}::uuid)`
          : undefined,
      )
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
        inArray(
          orderLines.orderId,
          rows.map((r) => r.id),
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
      status: o.status,
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
  let after = '00000000-0000-0000-0000-000000000000';
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
      })
      .from(users)
      .where(gt(users.id, after))
      .orderBy(asc(users.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map((u) => ({
      username: u.username,
      email: u.email,
      role: u.role,
      signIn: [u.hasPassword ? 'Password' : null, u.google ? 'Google' : null]
        .filter(Boolean)
        .join(' + '),
      joined: u.createdAt,
    }));
    after = rows.at(-1)!.id;
  }
}

async function* coupons$(db: Executor, batch: number): AsyncGenerator<ExportRow[]> {
  let after = '';
  const now = new Date();
  for (;;) {
    const rows = await db
      .select({
        code: coupons.code,
        discount: coupons.discountPercent,
        expiresAt: coupons.expiresAt,
        usage: sql<number>`(select count(*)::int from coupon_uses cu where cu.coupon_id = "coupons"."id")`,
      })
      .from(coupons)
      .where(gt(coupons.code, after))
      .orderBy(asc(coupons.code))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map((c) => ({
      couponCode: c.code,
      discountPercentage: c.discount,
      expiryDate: c.expiresAt,
      status: couponStatus(c.expiresAt, now),
      usage: Number(c.usage),
    }));
    after = rows.at(-1)!.code;
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
