import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changed } from '../db/changed';
import { productVariants } from '../db/schema/index';
import { createCatalogProduct, type CatalogProduct } from '../../test/catalog-factories';
import { useTestApp } from '../../test/helpers';
import { matchesTag, pickEncoding } from './http-caching';

const t = useTestApp();
let comic: CatalogProduct;

beforeAll(async () => {
  comic = await createCatalogProduct(t.database.db, { category: 'comics', stock: { V1: 5 } });
  for (let i = 0; i < 30; i++) {
    await createCatalogProduct(t.database.db, { category: 'comics', stock: { V1: 1 } });
  }
});

const listing = `/api/product/getProducts?productConstraints=${encodeURIComponent(
  JSON.stringify({
    category: 'comics',
    productTypes: ['all'],
    price: 0,
    sortBy: 'popular',
    page: 1,
  }),
)}`;

describe('ETags on API reads', () => {
  it('answers 304 with no body while the product is unchanged, 200 once its stock changes', async () => {
    const url = `/api/product/${comic.id}`;
    const first = await t.app.inject({ url });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await t.app.inject({ url, headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.database.db
      .update(productVariants)
      .set({ stock: 4 })
      .where(and(eq(productVariants.productId, comic.id), eq(productVariants.variant, 'V1')));
    changed.catalog(t.database.db, { stockOf: [comic.id] });
    const after = await t.app.inject({ url, headers: { 'if-none-match': tag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.json().product.stock).toEqual({ V1: 4 });
  });

  it('leaves writes, errors and non-API answers without a tag', async () => {
    const missing = await t.app.inject({ url: '/api/product/COM-FFFFFF' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const write = await t.app.inject({ method: 'POST', url: '/api/cart', payload: {} });
    expect(write.headers.etag).toBeUndefined();
  });

  it('compares tags weakly and accepts a list or *', () => {
    expect(matchesTag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesTag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesTag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesTag('*', 'W/"abc"')).toBe(true);
    expect(matchesTag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesTag(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('compression', () => {
  it('gzips a large answer for a client that accepts it, and keeps the same tag', async () => {
    const plain = await t.app.inject({ url: listing });
    const zipped = await t.app.inject({ url: listing, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
  });

  it('prefers brotli when the browser offers it', async () => {
    const plain = await t.app.inject({ url: listing });
    const br = await t.app.inject({
      url: listing,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5'), 'the second time, remembered').toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('sends small answers and clients that do not ask as they are', async () => {
    const plain = await t.app.inject({ url: listing });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await t.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
