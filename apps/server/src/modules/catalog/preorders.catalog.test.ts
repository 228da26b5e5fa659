/**
 * Pre-orders in the shop (decision 167): the product's release date while it lies ahead, the
 * shop's availability filter, and /releases by month. A release date that has come reads as
 * released before the release upkeep clears it.
 */
import { PREORDER_RULES, type GetProductsResponse, type ReleasesResponse } from '@otaku/shared';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, setStock } from '../../../test/checkout-fixtures';
import { useTestApp } from '../../../test/helpers';
import { day, setPreorder } from '../../../test/preorder-fixtures';
import { changed } from '../../db/changed';
import { products } from '../../db/schema/index';

const t = useTestApp();

const product = async (id: string) =>
  (await t.app.inject({ url: `/api/product/${id}` })).json().product as {
    releaseDate: string | null;
    preorderUntil: string | null;
    stock: number;
  };

const listing = async (constraints: object) => {
  const res = await t.app.inject({
    url: `/api/product/getProducts?productConstraints=${encodeURIComponent(JSON.stringify(constraints))}`,
  });
  return res;
};
const idsOf = (res: { json: () => unknown }) =>
  (res.json() as GetProductsResponse).currPageProducts.map((p) => p.productID).sort();

const releases = async () =>
  (await t.app.inject({ url: '/api/product/releases' })).json() as ReleasesResponse;

describe('a pre-order in the shop', () => {
  it('shows its release date and last pre-order day while the release lies ahead', async () => {
    const figure = await createProduct(t.database.db, { stock: { '': 40 } });
    expect(await product(figure.id)).not.toHaveProperty('releaseDate');

    await setPreorder(t.database.db, figure.id, day(30), day(20));
    expect(await product(figure.id)).toMatchObject({
      releaseDate: day(30),
      preorderUntil: day(20),
      stock: 40,
    });
  });

  it('reads as released once its date has come, before the upkeep clears it', async () => {
    const figure = await createProduct(t.database.db);
    await setPreorder(t.database.db, figure.id, day(0), day(-3));
    const shown = await product(figure.id);
    expect(shown).not.toHaveProperty('releaseDate');
    expect(shown).not.toHaveProperty('preorderUntil');
    expect(idsOf(await listing({ category: 'toys', availability: 'preorder' }))).not.toContain(
      figure.id,
    );
  });
});

describe('the availability filter', () => {
  it('lists only pre-orders, or only products that ship now and have stock', async () => {
    const preorder = await createProduct(t.database.db, { id: 'TOY-AVPRE1' });
    await setPreorder(t.database.db, preorder.id, day(10));
    const soldOutPreorder = await createProduct(t.database.db, { id: 'TOY-AVPRE2' });
    await setPreorder(t.database.db, soldOutPreorder.id, day(10));
    await setStock(t.database.db, soldOutPreorder.id, '', 0);
    const inStock = await createProduct(t.database.db, { id: 'TOY-AVSTK1' });
    const soldOut = await createProduct(t.database.db, { id: 'TOY-AVOUT1' });
    await setStock(t.database.db, soldOut.id, '', 0);
    const released = await createProduct(t.database.db, { id: 'TOY-AVREL1' });
    await setPreorder(t.database.db, released.id, day(-1));

    const mine = (ids: string[]) => ids.filter((id) => id.startsWith('TOY-AV'));
    expect(mine(idsOf(await listing({ category: 'toys', availability: 'preorder' })))).toEqual([
      'TOY-AVPRE1',
      'TOY-AVPRE2',
    ]);
    expect(mine(idsOf(await listing({ category: 'toys', availability: 'in-stock' })))).toEqual([
      'TOY-AVREL1',
      'TOY-AVSTK1',
    ]);
    expect(mine(idsOf(await listing({ category: 'toys' })))).toHaveLength(5);
    // With a search, which spans every category, the filter still holds.
    await t.database.db
      .update(products)
      .set({ searchText: 'kagurazaka figure' })
      .where(inArray(products.id, [preorder.id, soldOutPreorder.id, inStock.id]));
    changed.catalog(t.database.db, 'all');
    const searched = await listing({ searchQuery: 'kagurazaka', availability: 'preorder' });
    expect(mine(idsOf(searched))).toEqual(['TOY-AVPRE1', 'TOY-AVPRE2']);
  });

  it('refuses a value it does not know with its message', async () => {
    const res = await listing({ availability: 'soon' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(PREORDER_RULES.availabilityInvalid);
  });
});

describe('GET /api/product/releases', () => {
  it('lists the coming releases by month, earliest first, without released or ordinary products', async () => {
    const later = await createProduct(t.database.db, { name: 'Later Figure' });
    await setPreorder(t.database.db, later.id, day(70));
    const soon = await createProduct(t.database.db, { name: 'Soon Figure' });
    await setPreorder(t.database.db, soon.id, day(2));
    const released = await createProduct(t.database.db, { name: 'Released Figure' });
    await setPreorder(t.database.db, released.id, day(-2));
    const ordinary = await createProduct(t.database.db, { name: 'Ordinary Figure' });

    const answer = await releases();
    expect(answer.success).toBe(true);
    const all = answer.months.flatMap((m) => m.products.map((p) => p.productID));
    expect(all).toContain(soon.id);
    expect(all).toContain(later.id);
    expect(all).not.toContain(released.id);
    expect(all).not.toContain(ordinary.id);
    expect(all.indexOf(soon.id)).toBeLessThan(all.indexOf(later.id));
    for (const month of answer.months)
      for (const p of month.products) expect(p.releaseDate?.slice(0, 7)).toBe(month.month);
    const soonMonth = answer.months.find((m) => m.month === day(2).slice(0, 7));
    expect(soonMonth?.label).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    expect(new Set(answer.months.map((m) => m.month)).size).toBe(answer.months.length);
  });

  it('drops a product from the list once staff make it ordinary again', async () => {
    const figure = await createProduct(t.database.db);
    await setPreorder(t.database.db, figure.id, day(5));
    const before = await releases();
    expect(before.months.flatMap((m) => m.products.map((p) => p.productID))).toContain(figure.id);
    await setPreorder(t.database.db, figure.id, null);
    const after = await releases();
    expect(after.months.flatMap((m) => m.products.map((p) => p.productID))).not.toContain(
      figure.id,
    );
  });
});
