import type { GetProductResponse } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { createCatalogProduct } from './catalog-factories';
import { createTestDatabase, engine, testConfig, type TestDatabase } from './helpers';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

// PGlite runs inside the process and cannot become unreachable; this is about PostgreSQL.
describe.skipIf(engine !== 'postgres')('when PostgreSQL becomes unreachable', () => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const target = new URL(testDb.url!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(testDb.url!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    database = await openDatabase({
      databaseUrl: viaProxy.toString(),
      migrate: false,
      poolSize: 2,
      heartbeatMs: 200,
    });
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    await proxy?.close();
    await testDb?.drop();
  });

  it('answers 503 with a clear message, then recovers without a restart', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    proxy.cut();
    const down = await app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ success: false, database: { ok: false } });

    proxy.restore();
    const up = await app.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ success: true, database: { ok: true } });
  });

  it('notices when the change feeds’ connection goes silent, and drops what it kept once back', async () => {
    const { id } = await createCatalogProduct(testDb.database.db, { stock: { '': 5 } });
    const stock = async () =>
      (await app.inject({ method: 'GET', url: `/api/product/${id}` })).json<GetProductResponse>()
        .product.stock;
    await vi.waitUntil(() => database.changes.catalog.version() !== null, { timeout: 5_000 });
    expect(await stock()).toBe(5);

    // The database's host goes away without a word: nothing arrives, nothing is closed.
    proxy.stall();
    // Another writer changes the product meanwhile; its notification cannot arrive.
    await testDb.database.db.execute(
      sql`update product_variants set stock = 2 where product_id = ${id}`,
    );
    // An idle LISTEN connection hears nothing either way; only asking it tells.
    await vi.waitUntil(() => database.changes.catalog.version() === null, { timeout: 10_000 });

    proxy.restore();
    await vi.waitUntil(() => database.changes.catalog.version() !== null, { timeout: 10_000 });
    expect(await stock()).toBe(2);
  });

  it('gives up on a listening connection that does not open, and tries again', async () => {
    await vi.waitUntil(() => database.changes.catalog.version() !== null, { timeout: 5_000 });
    proxy.stall();
    await vi.waitUntil(() => database.changes.catalog.version() === null, { timeout: 10_000 });
    // Each new attempt is held without an answer, as by a host gone away. Without a deadline
    // the first one waits for ever (for the operating system, with a real host), and the feeds
    // stay untrusted long after the database is back.
    const before = proxy.opened();
    await vi.waitUntil(() => proxy.opened() >= before + 2, { timeout: 10_000 });
    proxy.restore();
    await vi.waitUntil(() => database.changes.catalog.version() !== null, { timeout: 10_000 });
  });
});
