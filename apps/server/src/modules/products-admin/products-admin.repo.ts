/**
 * Staff writes to products and their variants. Only queries: the rules live in the service.
 * Each write tells the catalog's caches that anything may have changed (db/changed.ts).
 */
import { STOCK_MAX } from '@otaku/shared';
import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { changed, telling } from '../../db/changed';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { orderLines, products, productVariants } from '../../db/schema/index';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductWrite = Omit<NewProductRow, 'id' | 'createdAt' | 'updatedAt' | 'unitsSold'>;
export interface VariantWrite {
  variant: string;
  stock: number;
}

export async function findProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** Inserts the product; false when the id is already taken (the caller picks another). */
export async function insertProduct(
  db: Executor,
  id: string,
  product: ProductWrite,
): Promise<boolean> {
  const rows = await telling(
    db
      .insert(products)
      .values({ ...product, id })
      .onConflictDoNothing({ target: products.id })
      .returning({ id: products.id }),
    () => changed.catalog(db, 'all'),
  );
  return rows.length === 1;
}

/**
 * The product's release date as it is now, its row locked until the transaction ends (so two
 * saves of one product read each other's date in turn); undefined when it does not exist.
 */
export async function lockReleaseDate(
  db: Executor,
  id: string,
): Promise<{ releaseDate: string | null } | undefined> {
  const [row] = await db
    .select({ releaseDate: products.releaseDate })
    .from(products)
    .where(eq(products.id, id))
    .for('no key update');
  return row;
}

/** Applies the patch; false when the product does not exist (any more). */
export async function updateProduct(
  db: Executor,
  id: string,
  patch: Partial<ProductWrite>,
): Promise<boolean> {
  const rows = await telling(
    db
      .update(products)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id }),
    () => changed.catalog(db, 'all'),
  );
  return rows.length === 1;
}

/**
 * Makes the product's variants exactly `variants`: positions in form order, variants no longer
 * listed removed, and stock set to the given counts, or, for a variant in `seen` (the count the
 * form was opened with, decision 110), moved by the difference the form made, never below 0.
 * A rise that would take a stock past STOCK_MAX is not applied; the variants it hit are
 * returned, and the caller refuses the save (decision 116).
 */
export async function replaceVariants(
  db: Executor,
  productId: string,
  variants: readonly VariantWrite[],
  seen?: ReadonlyMap<string, number>,
): Promise<string[]> {
  try {
    return await writeVariants(db, productId, variants, seen);
  } finally {
    changed.catalog(db, 'all');
  }
}

async function writeVariants(
  db: Executor,
  productId: string,
  variants: readonly VariantWrite[],
  seen?: ReadonlyMap<string, number>,
): Promise<string[]> {
  const names = variants.map((v) => v.variant);
  await db
    .delete(productVariants)
    .where(
      names.length > 0
        ? and(eq(productVariants.productId, productId), notInArray(productVariants.variant, names))
        : eq(productVariants.productId, productId),
    );
  const refused: string[] = [];
  for (const [position, v] of variants.entries()) {
    const before = seen?.get(v.variant);
    // In bigint, so that a large stock plus a large rise is compared, not overflowed.
    const current = sql`"product_variants"."stock"::bigint`;
    const change = before === undefined ? undefined : sql`${v.stock - before}::bigint`;
    const rows = await db
      .insert(productVariants)
      .values({ productId, variant: v.variant, stock: v.stock, position })
      .onConflictDoUpdate({
        target: [productVariants.productId, productVariants.variant],
        set: {
          stock: change ? sql`greatest(0, ${current} + ${change})::int` : v.stock,
          position,
        },
        ...(change
          ? { setWhere: sql`${change} <= 0 or ${current} + ${change} <= ${STOCK_MAX}` }
          : {}),
      })
      .returning({ variant: productVariants.variant });
    if (rows.length === 0) refused.push(v.variant);
  }
  return refused;
}

/** Deletes the product (variants and cart lines go with it); returns its image base, if any. */
export async function deleteProduct(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await telling(
    db.delete(products).where(eq(products.id, id)).returning({ image: products.image }),
    () => changed.catalog(db, 'all'),
  );
  return row?.image;
}

/** What a release upkeep did: the shop's day it ran on and the products it released. */
export interface ReleaseRun {
  /** `shop_today()` as the database read it (yyyy-mm-dd). */
  today: string;
  released: string[];
}

/**
 * Releases the pre-orders whose release date has come (decision 167): both dates are cleared,
 * so the product is ordinary stock, its remaining allocation the stock it already holds. One
 * statement, which also answers the database's day. Any number of instances may run it at
 * once: a row released by one is no longer matched by the other. Tells the caches only when a
 * product was released (a failed statement may have committed, so it tells then too).
 */
export async function releaseDuePreorders(db: Executor): Promise<ReleaseRun> {
  let row: { today: string; released: string[] | null } | undefined;
  try {
    [row] = rowsOf<{ today: string; released: string[] | null }>(
      await db.execute(sql`with released as (
          update products set release_date = null, preorder_until = null, updated_at = now()
          where release_date is not null and release_date <= shop_today()
          returning id)
        select to_char(shop_today(), 'YYYY-MM-DD') as today,
          (select array_agg(r.id order by r.id) from released r) as released`),
    );
  } catch (error) {
    changed.catalog(db, 'all');
    throw error;
  }
  const released = row?.released ?? [];
  if (released.length > 0) changed.catalog(db, 'all');
  return { today: row?.today ?? '', released };
}

/**
 * Units ordered as pre-orders of each of these products while it is still one (decision 167),
 * by order_lines_release_idx; a product without any is left out.
 */
export async function preorderedUnits(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: orderLines.productId,
      units: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(
      and(
        inArray(orderLines.productId, [...productIds]),
        isNotNull(orderLines.releaseDate),
        isNull(orderLines.cancelledAt),
        sql`${products.releaseDate} > shop_today()`,
      ),
    )
    .groupBy(orderLines.productId);
  return new Map(rows.map((r) => [r.productId ?? '', Number(r.units)]));
}
