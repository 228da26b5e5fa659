/**
 * Staff writes to products and their variants. Only queries: the rules live in the service.
 * Each write tells the catalog's caches that anything may have changed (db/changed.ts).
 */
import { STOCK_MAX } from '@otaku/shared';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { changed, telling } from '../../db/changed';
import type { Executor } from '../../db/client';
import { products, productVariants } from '../../db/schema/index';

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
