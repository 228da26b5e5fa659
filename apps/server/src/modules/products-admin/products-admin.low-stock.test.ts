/** The dashboard products list's low-stock filter (decision 163). */
import { DASHBOARD_RULES, LOW_STOCK_THRESHOLD, type GetProductsResponse } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCatalogProduct } from '../../../test/catalog-factories';
import { expectFieldRefused } from '../../../test/field-errors';
import { useTestApp } from '../../../test/helpers';
import { createAccount, type TestAccount } from '../../../test/staff';

const t = useTestApp();
let admin: TestAccount;
let shopper: TestAccount;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  shopper = await createAccount(t.database, t.config.jwtSecret, 'user');
});

const constraints = encodeURIComponent(JSON.stringify({ category: 'shoes', page: 1 }));
const list = (stock: string | undefined, account: TestAccount | null = admin) =>
  t.app.inject({
    url: `/api/product/dashboardProducts?productConstraints=${constraints}${
      stock === undefined ? '' : `&stock=${encodeURIComponent(stock)}`
    }`,
    headers: account?.headers ?? {},
  });
const ids = (res: { json: () => unknown }) =>
  (res.json() as GetProductsResponse).currPageProducts.map((p) => p.productID);

describe('GET /api/product/dashboardProducts?stock=low', () => {
  it('lists only products with a variant at the low-stock threshold or below, in every category', async () => {
    const db = t.database.db;
    const low = await createCatalogProduct(db, {
      category: 'shoes',
      stock: { '40': 30, '41': LOW_STOCK_THRESHOLD },
    });
    const out = await createCatalogProduct(db, { category: 'shoes', stock: { '40': 0 } });
    const plenty = await createCatalogProduct(db, {
      category: 'shoes',
      stock: { '40': LOW_STOCK_THRESHOLD + 1, '41': 40 },
    });
    // The list asks for shoes; running low spans every category, as the card does.
    const toy = await createCatalogProduct(db, { category: 'toys', stock: { '': 1 } });

    const filtered = await list('low');
    expect(filtered.statusCode).toBe(200);
    expect(ids(filtered)).toEqual(expect.arrayContaining([low.id, out.id, toy.id]));
    expect(ids(filtered)).not.toContain(plenty.id);
    const body = filtered.json() as GetProductsResponse;
    expect(body.totalProducts).toBe(body.currPageProducts.length);
    for (const product of body.currPageProducts) {
      const counts =
        typeof product.stock === 'number' ? [product.stock] : Object.values(product.stock);
      expect(Math.min(...counts)).toBeLessThanOrEqual(LOW_STOCK_THRESHOLD);
    }

    for (const stock of [undefined, '', 'all']) {
      const every = ids(await list(stock));
      expect(every).toEqual(expect.arrayContaining([low.id, out.id, plenty.id]));
      expect(every).not.toContain(toy.id);
    }
  });

  it('refuses an unknown stock filter with 400 and keeps the list staff-only', async () => {
    for (const stock of ['LOW', 'none', 'low ', 'x'.repeat(5_000), '{"$ne":1}']) {
      expectFieldRefused(await list(stock), 'stock', DASHBOARD_RULES.stockFilterInvalid);
    }
    const repeated = await t.app.inject({
      url: '/api/product/dashboardProducts?stock=low&stock=all',
      headers: admin.headers,
    });
    expect(repeated.statusCode).toBe(400);
    expect((await list('low', shopper)).statusCode).toBe(403);
    expect((await list('low', null)).statusCode).toBe(401);
  });
});
