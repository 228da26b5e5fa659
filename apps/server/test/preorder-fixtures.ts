/**
 * Pre-order factories (decision 167): days of the shop's calendar counted from today, and a
 * product's pre-order dates written straight into the test database, told to the caches as the
 * product form's save tells them.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { changed } from '../src/db/changed';
import { products } from '../src/db/schema/index';

/** The shop's day `n` days from today (yyyy-mm-dd, UTC as `shop_today()`); negative: past. */
export function day(n: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Makes the product a pre-order releasing on `releaseDate` (null: an ordinary product again). */
export async function setPreorder(
  db: Db,
  productId: string,
  releaseDate: string | null,
  preorderUntil: string | null = null,
): Promise<void> {
  await db.update(products).set({ releaseDate, preorderUntil }).where(eq(products.id, productId));
  changed.catalog(db, 'all');
}
