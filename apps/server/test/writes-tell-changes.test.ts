/**
 * A write made through the code that writes the catalog says what it changed (db/changed.ts),
 * and that alone drops the catalog answers kept in memory: on this instance before the write's
 * call returns, on either engine, and on a second instance of the same PostgreSQL soon after.
 */
import type { GetProductResponse } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { returnStock } from '../src/modules/cart/cart.repo';
import { updateProduct } from '../src/modules/products-admin/products-admin.repo';
import { createCatalogProduct } from './catalog-factories';
import { createTestDatabase, engine, testConfig, type TestDatabase } from './helpers';

let testDb: TestDatabase;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = testDb.database;
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

const productOn = async (on: FastifyInstance, id: string) =>
  (await on.inject({ method: 'GET', url: `/api/product/${id}` })).json<GetProductResponse>()
    .product;
const priceOf = async (id: string, on = app) => (await productOn(on, id)).price;
const stockOf = async (id: string, on = app) => (await productOn(on, id)).stock;
/** Statements the database ran during `read`: none when the answer came from memory. */
const statementsOf = async (read: () => Promise<unknown>, db = database) => {
  const before = db.statements();
  await read();
  return db.statements() - before;
};

describe('a write through the catalog repositories', () => {
  it('drops the kept answers of the product before its call returns', async () => {
    const { id } = await createCatalogProduct(database.db, { priceCents: 10_00 });
    expect(await priceOf(id)).toBe(10);
    expect(await statementsOf(() => priceOf(id))).toBe(0);
    await updateProduct(database.db, id, { priceCents: 12_00 });
    expect(await priceOf(id)).toBe(12);
  });

  it('in a transaction, once it commits, and not at all when it rolls back', async () => {
    const { id } = await createCatalogProduct(database.db, { priceCents: 10_00 });
    expect(await priceOf(id)).toBe(10);
    await database.db
      .transaction(async (tx) => {
        await updateProduct(tx, id, { priceCents: 11_00 });
        throw new Error('undo');
      })
      .catch(() => {});
    expect(await statementsOf(() => priceOf(id))).toBe(0);
    await database.db.transaction(async (tx) => {
      await updateProduct(tx, id, { priceCents: 13_00 });
      // Not committed yet: the shop still answers the committed price, from memory.
      expect(await statementsOf(() => priceOf(id))).toBe(0);
    });
    expect(await priceOf(id)).toBe(13);
  });

  it('of stock drops only the answers that show the products it names', async () => {
    const moved = await createCatalogProduct(database.db, { stock: { '': 5 } });
    const still = await createCatalogProduct(database.db, { stock: { '': 5 } });
    expect(await stockOf(moved.id)).toBe(5);
    expect(await stockOf(still.id)).toBe(5);
    await returnStock(database.db, [{ productId: moved.id, variant: '', quantity: 2 }]);
    expect(await statementsOf(() => stockOf(still.id))).toBe(0);
    expect(await stockOf(moved.id)).toBe(7);
  });

  describe.skipIf(engine !== 'postgres')('with a second instance on the same PostgreSQL', () => {
    let other: Database;
    let second: FastifyInstance;

    beforeAll(async () => {
      other = await openDatabase({ databaseUrl: testDb.url!, migrate: false, poolSize: 2 });
      second = await buildApp({ config: testConfig(), database: other });
      await second.ready();
    });

    afterAll(async () => {
      await second?.close();
      await other?.close();
    });

    /** Reads on the second instance until it answers `expected`, for up to two seconds. */
    const eventually = async <T>(read: () => Promise<T>, expected: T) => {
      for (let i = 0; i < 40 && (await read()) !== expected; i++)
        await new Promise((r) => setTimeout(r, 50));
      return read();
    };

    it('drops what the other instance keeps, and the other way round', async () => {
      const { id } = await createCatalogProduct(database.db, {
        priceCents: 10_00,
        stock: { '': 5 },
      });
      expect(await priceOf(id, second)).toBe(10);
      // Kept there, once the announcement of the product's creation has arrived.
      expect(await eventually(() => statementsOf(() => priceOf(id, second), other), 0)).toBe(0);
      await updateProduct(database.db, id, { priceCents: 14_00 });
      expect(await eventually(() => priceOf(id, second), 14)).toBe(14);

      expect(await stockOf(id)).toBe(5);
      await returnStock(other.db, [{ productId: id, variant: '', quantity: 1 }]);
      expect(await stockOf(id, second)).toBe(6);
      expect(await eventually(() => stockOf(id), 6)).toBe(6);
    });
  });
});
