/** The catalog API against the demo data the shop starts with. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CATEGORIES,
  type Category,
  type GetProductResponse,
  type GetProductsResponse,
  type SearchSuggestionsResponse,
} from '@otaku/shared';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../db/schema/index';
import { seedDemoData } from '../../seed/seed';
import { useTestApp } from '../../../test/helpers';
import { checkEveryCombination, type ModelProduct } from '../../../test/catalog-model';

const t = useTestApp();
let catalog: ModelProduct[] = [];

beforeAll(async () => {
  const { seeded } = await seedDemoData({ database: t.database, config: t.config, log: t.app.log });
  expect(seeded).toBe(true);
  catalog = await t.database.db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      category: products.category,
      genres: products.genres,
      merchType: products.merchType,
      toyType: products.toyType,
      unitsSold: products.unitsSold,
      createdAt: products.createdAt,
    })
    .from(products);
}, 120_000);

const list = async (constraints: object) => {
  const productConstraints = JSON.stringify(constraints);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/product/getProducts?${new URLSearchParams({ productConstraints })}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<GetProductsResponse>();
};

describe('the demo catalog', () => {
  it('has at least 60 products across every category', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(60);
    for (const category of CATEGORIES)
      expect(catalog.some((p) => p.category === category)).toBe(true);
  });

  it.each(CATEGORIES)(
    'answers every filter, sort and page of %s as the model does',
    async (category: Category) => {
      expect(await checkEveryCombination(t, catalog, category)).toBeGreaterThan(20);
    },
  );

  it('finds Naruto from the typo "narto", a name match first', async () => {
    const body = await list({ category: 'toys', searchQuery: 'narto' });
    expect(body.scope).toBe('all');
    expect(body.currPageProducts[0]?.name).toMatch(/naruto/i);
    const suggestions = await t.app.inject({
      method: 'GET',
      url: '/api/search/products?data=narto',
    });
    const names = suggestions.json<SearchSuggestionsResponse>().products.map((p) => p.name);
    expect(names[0]).toMatch(/naruto/i);
    expect(names.length).toBeLessThanOrEqual(8);
  });

  it('reports a sold-out variant with stock 0', async () => {
    const [soldOut] = await t.database.db
      .select({ id: productVariants.productId, variant: productVariants.variant })
      .from(productVariants)
      .where(sql`${productVariants.stock} = 0 and ${productVariants.variant} <> ''`)
      .limit(1);
    expect(soldOut).toBeDefined();
    const res = await t.app.inject({ method: 'GET', url: `/api/product/${soldOut!.id}` });
    const { product } = res.json<GetProductResponse>();
    expect((product.stock as Record<string, number>)[soldOut!.variant]).toBe(0);
  });
});

describe('product images', () => {
  it('are served in both WebP sizes with long cache headers and the size the API states', async () => {
    const { currPageProducts } = await list({ category: 'comics' });
    const image = currPageProducts[0]!.images;
    for (const [url, width] of [
      [image.small, 400],
      [image.large, 800],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(width);
      // Same aspect ratio as width × height in the API, so the page reserves the right box.
      expect(meta.height! / meta.width!).toBeCloseTo(image.height / image.width, 2);
    }
    const onDisk = path.join(t.config.uploadsDir, url(image.small));
    expect((await readFile(onDisk)).length).toBeGreaterThan(0);
  });
});

const url = (u: string) => u.replace(/^\/uploads\//, '');
