import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
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
});
