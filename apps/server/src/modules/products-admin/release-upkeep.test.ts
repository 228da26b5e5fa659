/**
 * The release upkeep (decision 167): an app that starts after a release day has come releases
 * the pre-orders due, by itself.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createProduct } from '../../../test/checkout-fixtures';
import { useTestApp } from '../../../test/helpers';
import { day, setPreorder } from '../../../test/preorder-fixtures';
import { buildApp } from '../../app';
import { products } from '../../db/schema/index';

const t = useTestApp();

const datesOf = async (id: string) =>
  (
    await t.database.db
      .select({ releaseDate: products.releaseDate, preorderUntil: products.preorderUntil })
      .from(products)
      .where(eq(products.id, id))
  )[0];

describe('the release upkeep', () => {
  it('releases the pre-orders due when an app starts, and leaves the others', async () => {
    const due = await createProduct(t.database.db);
    await setPreorder(t.database.db, due.id, day(0), day(-2));
    const coming = await createProduct(t.database.db);
    await setPreorder(t.database.db, coming.id, day(9));

    const app = await buildApp({ config: t.config, database: t.database });
    try {
      await app.ready();
      await vi.waitFor(async () =>
        expect(await datesOf(due.id)).toEqual({ releaseDate: null, preorderUntil: null }),
      );
      expect(await datesOf(coming.id)).toEqual({ releaseDate: day(9), preorderUntil: null });
    } finally {
      await app.close();
    }
  });
});
