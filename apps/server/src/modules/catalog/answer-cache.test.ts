import type { GetProductResponse } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Feed } from '../../db/change-feed';
import { changed } from '../../db/changed';
import { openDatabase } from '../../db/client';
import { databaseUrlOf, engine, loseChangeFeedListener, useTestApp } from '../../../test/helpers';
import { createCatalogProduct } from '../../../test/catalog-factories';
import { bearer, createUser, tokenFor } from '../../../test/users';
import { AnswerCache } from './answer-cache';

/** A change feed a test drives by hand. */
function fakeChanges() {
  const feed = new Feed();
  feed.setLive(true);
  return {
    changes: feed,
    change: feed.changed,
    changeStock: feed.stockChanged,
    setLive: (live: boolean) => feed.setLive(live),
  };
}

const anything = z.unknown();

describe('AnswerCache', () => {
  it('reads an answer once and keeps it until the catalog changes', async () => {
    const feed = fakeChanges();
    const cache = new AnswerCache(feed.changes);
    const read = vi.fn(async () => ({ stock: read.mock.calls.length }));
    const first = await cache.answer('k', anything, read);
    const second = await cache.answer('k', anything, read);
    expect(second).toBe(first);
    expect(first.body).toBe('{"stock":1}');
    feed.change();
    expect((await cache.answer('k', anything, read)).body).toBe('{"stock":2}');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('does not keep an answer whose reading overlapped a change', async () => {
    const feed = fakeChanges();
    const cache = new AnswerCache(feed.changes);
    let release!: () => void;
    const slow = cache.answer('k', anything, async () => {
      await new Promise<void>((r) => (release = r));
      return 'old';
    });
    await Promise.resolve();
    feed.change();
    release();
    expect((await slow).body).toBe('"old"');
    expect((await cache.answer('k', anything, async () => 'new')).body).toBe('"new"');
  });

  it('shares one reading between concurrent requests, but not across a change', async () => {
    const feed = fakeChanges();
    const cache = new AnswerCache(feed.changes);
    const read = vi.fn(async () => 'x');
    const [a, b] = await Promise.all([
      cache.answer('k', anything, read),
      cache.answer('k', anything, read),
    ]);
    expect(a).toBe(b);
    expect(read).toHaveBeenCalledTimes(1);

    let release!: () => void;
    const slow = cache.answer(
      'j',
      anything,
      () => new Promise<string>((r) => (release = () => r('old'))),
    );
    feed.change();
    const fresh = cache.answer('j', anything, async () => 'new');
    release();
    expect((await slow).body).toBe('"old"');
    expect((await fresh).body).toBe('"new"');
  });

  it('drops only the answers that show a product whose stock a cart changed', async () => {
    const feed = fakeChanges();
    const cache = new AnswerCache(feed.changes);
    const shows = (value: { ids: string[] }) => value.ids;
    const schema = z.object({ ids: z.array(z.string()), n: z.number() });
    let reads = 0;
    const page = (key: string, ids: string[]) =>
      cache.answer(key, schema, async () => ({ ids, n: ++reads }), shows);
    const bodyOf = async (answer: Promise<{ body: string }>) => JSON.parse((await answer).body).n;
    expect(await bodyOf(page('ab', ['A', 'B']))).toBe(1);
    expect(await bodyOf(page('cd', ['C', 'D']))).toBe(2);
    expect(await bodyOf(cache.answer('none', anything, async () => ({ n: ++reads })))).toBe(3);
    feed.changeStock(['B']);
    expect(await bodyOf(page('cd', ['C', 'D']))).toBe(2);
    expect(await bodyOf(page('ab', ['A', 'B']))).toBe(4);
    expect(await bodyOf(page('ab', ['A', 'B']))).toBe(4);
    expect(await bodyOf(cache.answer('none', anything, async () => ({ n: ++reads })))).toBe(3);
    // Any other change drops everything, whatever it shows.
    feed.change();
    expect(await bodyOf(page('cd', ['C', 'D']))).toBe(5);
    expect(await bodyOf(cache.answer('none', anything, async () => ({ n: ++reads })))).toBe(6);
  });

  it('does not keep an answer whose reading overlapped a stock change of a product it shows', async () => {
    const feed = fakeChanges();
    const cache = new AnswerCache(feed.changes);
    const schema = z.object({ ids: z.array(z.string()), v: z.string() });
    const slowly = (key: string, ids: string[], v: string) => {
      let release!: () => void;
      const answer = cache.answer(
        key,
        schema,
        () => new Promise((r) => (release = () => r({ ids, v }))),
        (value) => value.ids,
      );
      return { answer, release: () => release() };
    };
    const shown = slowly('a', ['A'], 'old');
    const other = slowly('b', ['B'], 'kept');
    await Promise.resolve();
    feed.changeStock(['A']);
    // A request after the change does not share the reading that began before it.
    const fresh = cache.answer(
      'a',
      schema,
      async () => ({ ids: ['A'], v: 'new' }),
      (v) => v.ids,
    );
    shown.release();
    other.release();
    expect((await shown.answer).body).toContain('old');
    expect((await fresh).body).toContain('new');
    expect((await other.answer).body).toContain('kept');
    const never = async () => ({ ids: ['A'], v: 'again' });
    expect((await cache.answer('a', schema, never, (v) => v.ids)).body).toContain('new');
    expect((await cache.answer('b', schema, never, (v) => v.ids)).body).toContain('kept');
  });

  it('keeps nothing while the feed cannot be trusted', async () => {
    const feed = fakeChanges();
    const cache = new AnswerCache(feed.changes);
    feed.setLive(false);
    const read = vi.fn(async () => 'x');
    await cache.answer('k', anything, read);
    await cache.answer('k', anything, read);
    expect(read).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used answer past its size', async () => {
    const cache = new AnswerCache(fakeChanges().changes, 2);
    const read = vi.fn(async () => 'x');
    await cache.answer('a', anything, read);
    await cache.answer('b', anything, read);
    await cache.answer('a', anything, read);
    await cache.answer('c', anything, read);
    expect(cache.size).toBe(2);
    await cache.answer('a', anything, read);
    expect(read).toHaveBeenCalledTimes(3);
    await cache.answer('b', anything, read);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('checks an answer against the schema and keeps no failure', async () => {
    const cache = new AnswerCache(fakeChanges().changes);
    await expect(
      cache.answer('k', z.object({ a: z.string() }), async () => ({ a: 1 })),
    ).rejects.toThrow();
    await expect(
      cache.answer('k', anything, async () => Promise.reject(new Error('gone'))),
    ).rejects.toThrow('gone');
    expect((await cache.answer('k', anything, async () => 'ok')).body).toBe('"ok"');
  });
});

describe('cached catalog answers on the shop routes', () => {
  const t = useTestApp();
  const getProduct = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/product/${id}`, headers });
  const stockOf = async (id: string) =>
    (await getProduct(id)).json<GetProductResponse>().product.stock as number;
  /** A write as the repositories make one: it says what it changed (db/changed.ts). */
  const setStock = async (id: string, stock: number) => {
    await t.database.db.execute(
      sql`update product_variants set stock = ${stock} where product_id = ${id}`,
    );
    changed.catalog(t.database.db, { stockOf: [id] });
  };

  it('answers a repeated read from memory, with the same tag and a 304', async () => {
    const { id } = await createCatalogProduct(t.database.db, { stock: { '': 3 } });
    const first = await getProduct(id);
    const before = t.database.statements();
    const second = await getProduct(id);
    expect(t.database.statements()).toBe(before);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await getProduct(id, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(
      304,
    );
  });

  it('shows a stock change made by this instance at once', async () => {
    const { id } = await createCatalogProduct(t.database.db, { stock: { '': 3 } });
    expect(await stockOf(id)).toBe(3);
    await setStock(id, 2);
    expect(await stockOf(id)).toBe(2);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update product_variants set stock = 1 where product_id = ${id}`);
      changed.catalog(tx, { stockOf: [id] });
      // Not committed yet: the shop still shows the committed stock, and may keep it.
      expect(await stockOf(id)).toBe(2);
    });
    expect(await stockOf(id)).toBe(1);
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update product_variants set stock = 0 where product_id = ${id}`);
        changed.catalog(tx, { stockOf: [id] });
        throw new Error('undo');
      })
      .catch(() => {});
    expect(await stockOf(id)).toBe(1);
  });

  it("shows the stock a shopper's cart takes and gives back at once", async () => {
    const { id } = await createCatalogProduct(t.database.db, { stock: { '': 5 } });
    expect(await stockOf(id)).toBe(5);
    const token = await tokenFor(t, await createUser(t.database));
    const cartCall = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, payload, headers: bearer(token) });
    const line = { productId: id, variant: '' };
    expect((await cartCall('POST', '/api/reserveStock', { ...line, quantity: 2 })).statusCode).toBe(
      200,
    );
    expect(await stockOf(id)).toBe(3);
    await cartCall('POST', '/api/decrementReservationStock', { ...line, quantity: 1 });
    expect(await stockOf(id)).toBe(4);
    await cartCall('PUT', '/api/cart/update', { ...line, newQuantity: 4 });
    expect(await stockOf(id)).toBe(1);
  });

  it('shows the units a cart call gives back from its lines held past their maximum', async () => {
    const lapsing = await createCatalogProduct(t.database.db, { stock: { '': 5 } });
    const other = await createCatalogProduct(t.database.db, { stock: { '': 5 } });
    const user = await createUser(t.database);
    const token = await tokenFor(t, user);
    const add = (productId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reserveStock',
        payload: { productId, variant: '', quantity: 2 },
        headers: bearer(token),
      });
    expect((await add(lapsing.id)).statusCode).toBe(200);
    expect(await stockOf(lapsing.id)).toBe(3);
    // Held since long before RESERVATION_MAX_MINUTES (120) ago: the next cart call ends it.
    await t.database.db.execute(
      sql`update cart_items set reserved_at = now() - interval '121 minutes' where product_id = ${lapsing.id}`,
    );
    expect(await stockOf(lapsing.id)).toBe(3);
    expect((await add(other.id)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await stockOf(lapsing.id)).toBe(5), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it("keeps the answers that show none of the products a shopper's cart moved", async () => {
    const moved = await createCatalogProduct(t.database.db, {
      category: 'shoes',
      merchType: 'sneakers',
      stock: { '42': 5 },
    });
    const still = await createCatalogProduct(t.database.db, {
      category: 'toys',
      toyType: 'car',
      stock: { '': 5 },
    });
    const listing = (category: string, type: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/product/getProducts?productConstraints=${encodeURIComponent(JSON.stringify({ category, productTypes: [type], price: 0, sortBy: 'popular', page: 1, searchQuery: '' }))}`,
      });
    const stockIn = async (category: string, type: string, id: string) =>
      (await listing(category, type))
        .json<{ currPageProducts: Array<{ productID: string; stock: unknown }> }>()
        .currPageProducts.find((p) => p.productID === id)?.stock;
    expect(await stockIn('shoes', 'sneakers', moved.id)).toEqual({ '42': 5 });
    expect(await stockIn('toys', 'car', still.id)).toBe(5);
    expect(await stockOf(still.id)).toBe(5);

    const token = await tokenFor(t, await createUser(t.database));
    const reserved = await t.app.inject({
      method: 'POST',
      url: '/api/reserveStock',
      payload: { productId: moved.id, variant: '42', quantity: 2 },
      headers: bearer(token),
    });
    expect(reserved.statusCode).toBe(200);
    // The other product's page and list are answered from memory; the moved one's are read.
    const before = t.database.statements();
    expect(await stockIn('toys', 'car', still.id)).toBe(5);
    expect(await stockOf(still.id)).toBe(5);
    expect(t.database.statements()).toBe(before);
    expect(await stockIn('shoes', 'sneakers', moved.id)).toEqual({ '42': 3 });
    expect((await getProduct(moved.id)).json<GetProductResponse>().product.stock).toEqual({
      '42': 3,
    });
    expect(t.database.statements()).toBe(before + 2);
  });

  it('keeps the product list current as well', async () => {
    const product = await createCatalogProduct(t.database.db, {
      category: 'shoes',
      merchType: 'boots',
      priceCents: 123_45,
      stock: { '42': 1 },
    });
    const list = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/product/getProducts?productConstraints=${encodeURIComponent(JSON.stringify({ category: 'shoes', productTypes: ['boots'], price: 0, sortBy: 'price-high', page: 1, searchQuery: '' }))}`,
        })
      ).json<{ currPageProducts: Array<{ productID: string; price: number }> }>();
    expect((await list()).currPageProducts[0]).toMatchObject({
      productID: product.id,
      price: 123.45,
    });
    await t.database.db.execute(
      sql`update products set price_cents = 99999 where id = ${product.id}`,
    );
    changed.catalog(t.database.db, 'all');
    expect((await list()).currPageProducts[0]).toMatchObject({
      productID: product.id,
      price: 999.99,
    });
  });

  describe.skipIf(engine !== 'postgres')('with other writers on the same PostgreSQL', () => {
    /** Reads until the answer is what is expected, for up to two seconds. */
    const eventually = async (read: () => Promise<number>, expected: number) => {
      for (let i = 0; i < 40 && (await read()) !== expected; i++)
        await new Promise((r) => setTimeout(r, 50));
      return read();
    };
    it('sees a change made outside the shop (psql, a script) through the trigger', async () => {
      const { id } = await createCatalogProduct(t.database.db, { stock: { '': 5 } });
      expect(await stockOf(id)).toBe(5);
      const outside = new pg.Client({ connectionString: await databaseUrlOf(t.database.db) });
      await outside.connect();
      try {
        await outside.query('update product_variants set stock = 4 where product_id = $1', [id]);
      } finally {
        await outside.end();
      }
      expect(await eventually(() => stockOf(id), 4)).toBe(4);
    });

    it('sees a change made by another instance, which announces it', async () => {
      const { id } = await createCatalogProduct(t.database.db, { stock: { '': 5 } });
      expect(await stockOf(id)).toBe(5);
      const other = await openDatabase({
        databaseUrl: await databaseUrlOf(t.database.db),
        migrate: false,
        poolSize: 1,
      });
      try {
        await other.db.execute(sql`update product_variants set stock = 3 where product_id = ${id}`);
        changed.catalog(other.db, { stockOf: [id] });
        expect(await eventually(() => stockOf(id), 3)).toBe(3);
      } finally {
        await other.close();
      }
    });

    it('caches nothing while its listening connection is lost, and again once it is back', async () => {
      const { id } = await createCatalogProduct(t.database.db, { stock: { '': 5 } });
      await stockOf(id);
      await loseChangeFeedListener(t.database);
      expect(t.database.changes.catalog.version()).toBeNull();
      const before = t.database.statements();
      await stockOf(id);
      await stockOf(id);
      expect(t.database.statements() - before).toBe(2);
      await vi.waitUntil(() => t.database.changes.catalog.version() !== null, { timeout: 5_000 });
      await stockOf(id);
      const after = t.database.statements();
      await stockOf(id);
      expect(t.database.statements()).toBe(after);
    });
  });
});
