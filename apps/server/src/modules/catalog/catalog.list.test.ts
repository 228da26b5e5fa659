import { changed } from '../../db/changed';
import {
  ALL_TYPES,
  CATEGORIES,
  CATEGORY_TYPES,
  PAGE_SIZE,
  type GetProductsResponse,
  type ProductConstraintsInput,
} from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { createCatalogProduct, type CatalogProduct } from '../../../test/catalog-factories';
import {
  checkEveryCombination,
  expectedIds as modelIds,
  type ModelFilter,
} from '../../../test/catalog-model';

const t = useTestApp();
const catalog: CatalogProduct[] = [];
const expectedIds = (f: ModelFilter) => modelIds(catalog, f);

/** Prices with ties and values on the filter's edges (10, 25.50 and 100 dollars). */
const PRICES = [500, 999, 1000, 1000, 1250, 2550, 2551, 4999, 9999, 10000, 12000];
const SIZE = { comics: 30, clothes: 14, shoes: 9, toys: 11 } as const;

beforeAll(async () => {
  const base = Date.parse('2025-01-01T00:00:00Z');
  let n = 0;
  for (const category of CATEGORIES) {
    const types = CATEGORY_TYPES[category].map((type) => type.slug);
    for (let i = 0; i < SIZE[category]; i++) {
      n += 1;
      const type = types[i % types.length]!;
      catalog.push(
        await createCatalogProduct(t.database.db, {
          category,
          name: `${category} item ${String(i).padStart(2, '0')}`,
          priceCents: PRICES[(i * 7) % PRICES.length]!,
          // Popularity and age both tie now and then, so every tie-break is exercised.
          unitsSold: (i % 6) * 10,
          createdAt: new Date(base + (n % 4) * 3_600_000),
          genres: category === 'comics' ? [...new Set([type, types[(i * 3) % types.length]!])] : [],
          merchType: category === 'clothes' || category === 'shoes' ? type : null,
          toyType: category === 'toys' ? type : null,
        }),
      );
    }
  }
});

async function getProducts(constraints: ProductConstraintsInput) {
  const query = new URLSearchParams({ productConstraints: JSON.stringify(constraints) });
  return t.app.inject({ method: 'GET', url: `/api/product/getProducts?${query}` });
}

describe('GET /api/product/getProducts: every filter, sort and page', () => {
  it.each(CATEGORIES)('answers every combination for %s', async (category) => {
    expect(await checkEveryCombination(t, catalog, category)).toBeGreaterThan(30);
  });

  it('uses the defaults of spec §3 when no constraints are sent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/getProducts' });
    expect(res.statusCode).toBe(200);
    const body = res.json<GetProductsResponse>();
    const ids = expectedIds({
      category: 'comics',
      productTypes: [ALL_TYPES],
      price: 0,
      sortBy: 'popular',
    });
    expect(body.currPageProducts.map((p) => p.productID)).toEqual(ids.slice(0, PAGE_SIZE.shop));
    expect(body).toMatchObject({ success: true, page: 1, pageSize: 24, scope: 'category' });
  });

  it('accepts an upper-case category, numbers sent as strings and an empty type list', async () => {
    const res = await getProducts({
      category: 'TOYS',
      productTypes: [],
      price: '10' as unknown as number,
      page: '1' as unknown as number,
    });
    expect(res.statusCode).toBe(200);
    const expected = expectedIds({
      category: 'toys',
      productTypes: [ALL_TYPES],
      price: 10,
      sortBy: 'popular',
    });
    expect(res.json<GetProductsResponse>().currPageProducts.map((p) => p.productID)).toEqual(
      expected,
    );
  });

  it('costs one statement for a full page, however many variants its products have', async () => {
    await getProducts({ category: 'comics', page: 1 });
    // Any catalog change told drops the kept answers: the page is read from the database again.
    changed.catalog(t.database.db, 'all');
    const before = t.database.statements();
    const res = await getProducts({ category: 'comics', page: 1 });
    expect(res.json<GetProductsResponse>().currPageProducts).toHaveLength(PAGE_SIZE.shop);
    expect(t.database.statements() - before).toBe(1);
  });
});
