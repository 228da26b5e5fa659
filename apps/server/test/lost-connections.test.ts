/**
 * Losing every database connection while orders are being placed (a restart, a failover,
 * killed sessions) must not end the server process: calls answer 503 while the database
 * cannot be reached, the shop recovers by itself once it can, and no unit of stock is lost
 * or made up on the way.
 *
 * The test holds a row lock that order placement needs after its first writes, so that
 * transactions are open when their connections are killed; it then refuses new connections
 * to the database and terminates every session of it, as a restarting server does.
 *
 * PostgreSQL only: PGlite runs inside the process and has no connection to lose.
 */
import { SERVER } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../src/db/change-feed';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/prepared';
import { createProduct, signedInShopper, type ProductFixture } from './checkout-fixtures';
import { createTestDatabase, engine, testConfig, type TestDatabase } from './helpers';
import { call, startServer, type ServerProcess } from './server-process';

const SHOPPERS = 8;

/** Every variant's units: on the shelf, held in carts and sold in orders, added up. */
async function unitsOfEveryVariant(db: Db, productIds: string[]) {
  const rows = rowsOf<{ product_id: string; variant: string; units: string | number }>(
    await db.execute(sql`
      select v.product_id, v.variant,
        v.stock
        + coalesce((select sum(c.quantity) from cart_items c
                    where c.product_id = v.product_id and c.variant = v.variant), 0)
        + coalesce((select sum(l.quantity) from order_lines l
                    where l.product_id = v.product_id and l.variant = v.variant), 0) as units
      from product_variants v
      where v.product_id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by 1, 2`),
  );
  return Object.fromEntries(rows.map((r) => [`${r.product_id}/${r.variant}`, Number(r.units)]));
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(engine !== 'postgres')('losing the database connections under load', () => {
  let testDb: TestDatabase;
  let server: ServerProcess;
  let products: ProductFixture[];
  let tokens: string[];
  let name: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    name = new URL(testDb.url!).pathname.slice(1);
    const db = testDb.database.db;
    products = [
      await createProduct(db, { category: 'clothes', stock: { S: 200, M: 200, L: 200 } }),
      await createProduct(db, { stock: { '': 300 } }),
    ];
    tokens = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const shopper = await signedInShopper(db, testConfig());
      tokens.push(shopper.headers.authorization.slice('Bearer '.length));
    }
    server = await startServer({ DATABASE_URL: testDb.url! });
  });

  afterAll(async () => {
    await server?.kill();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect().catch(() => {});
    await admin.query(`alter database ${name} with allow_connections true`).catch(() => {});
    await admin.end().catch(() => {});
    await testDb?.drop();
  });

  /** Fails the test with the server's last words if its process has ended. */
  function expectAlive() {
    const { exitCode, signalCode } = server.child;
    expect({ exitCode, signalCode }, `the server process ended:\n${server.stderr()}`).toEqual({
      exitCode: null,
      signalCode: null,
    });
  }

  /** A call to the server; a refused connection means its process is gone. */
  async function request(...args: Parameters<typeof call>) {
    try {
      return await call(...args);
    } catch (error) {
      await Promise.race([server.exited, new Promise((r) => setTimeout(r, 1_000))]);
      expectAlive();
      throw error;
    }
  }

  /** A shopper's turn: hold a unit of some variant, then order it cash on delivery. */
  async function buyOne(token: string, turn: number) {
    const product = products[turn % products.length]!;
    const variants = Object.keys(product.stock);
    const variant = variants[turn % variants.length]!;
    const reserve = await call(server, 'POST', '/api/reserveStock', {
      token,
      json: { productId: product.id, variant, quantity: 1 },
    });
    if (reserve.status !== 200) return [reserve];
    const order = await call(server, 'POST', '/api/order/placeOrder', {
      token,
      json: { deliveryAddress: '1-2-3 Akihabara', paymentMethod: 'cod' },
    });
    return [reserve, order];
  }

  it(
    'keeps the process alive, answers 503 meanwhile and recovers by itself, losing no unit',
    { timeout: 120_000 },
    async () => {
      const db = testDb.database.db;
      const productIds = products.map((p) => p.id);
      const before = await unitsOfEveryVariant(db, productIds);

      // Every order placed works before anything happens.
      for (const [turn, token] of tokens.entries()) {
        expect((await buyOne(token, turn)).map((r) => r.status)).toEqual([200, 201]);
      }

      // The database administrator's connection, to another database of the same server.
      const dba = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await dba.connect();
      const holder = new pg.Client({ connectionString: testDb.url });
      await holder.connect();
      holder.on('error', () => {});
      await holder.query('begin');
      await holder.query('select 1 from products where id = any($1) for no key update', [
        productIds,
      ]);

      // Every shopper keeps buying until told to stop; each answer is kept.
      const answers: Array<{ url: string; status: number; message?: string }> = [];
      const networkErrors: string[] = [];
      let stop = false;
      const shoppers = tokens.map(async (token, i) => {
        for (let turn = i; !stop && turn < i + 400; turn += SHOPPERS) {
          try {
            for (const reply of await buyOne(token, turn)) {
              const body = (await reply.json().catch(() => ({}))) as { message?: string };
              answers.push({ url: new URL(reply.url).pathname, status: reply.status, ...body });
            }
          } catch (error) {
            networkErrors.push(String((error as Error).cause ?? error));
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      });

      // Orders are under way: their transactions wait for the lock, with their writes made.
      await until('orders to wait inside their transactions', async () => {
        const { rows } = await dba.query<{ n: number }>(
          `select count(*)::int n from pg_stat_activity
           where datname = $1 and wait_event_type = 'Lock' and state = 'active'`,
          [name],
        );
        return rows[0]!.n >= 2 ? true : undefined;
      });

      // The database restarts: no new connection is accepted, and every session is ended.
      await dba.query(`alter database ${name} with allow_connections false`);
      await dba.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid()`,
        [name],
      );
      const answeredBefore = answers.length;

      // Meanwhile, calls that need the database answer 503 with a clear message.
      const health = await request(server, 'GET', '/api/health');
      expect(health.status).toBe(503);
      const [, token] = tokens;
      const order = await request(server, 'POST', '/api/order/placeOrder', {
        token,
        json: { deliveryAddress: '1-2-3 Akihabara', paymentMethod: 'cod' },
      });
      expect(order.status).toBe(503);
      expect(order.headers.get('retry-after')).toBe('5');
      expect(await order.json()).toMatchObject({
        success: false,
        message: SERVER.databaseUnavailable,
        code: 'UNAVAILABLE',
      });
      await until('the shoppers to meet the outage', async () =>
        answers.slice(answeredBefore).some((a) => a.status === 503) ? true : undefined,
      );

      // Back up: the shop recovers by itself.
      await dba.query(`alter database ${name} with allow_connections true`);
      await until('the shop to answer again', async () =>
        (await request(server, 'GET', '/api/health')).status === 200 ? true : undefined,
      );
      const recoveredAt = answers.length;
      await until('orders to be placed again', async () =>
        answers.slice(recoveredAt).some((a) => a.status === 201) ? true : undefined,
      );
      stop = true;
      await Promise.all(shoppers);
      // The change feed listens again (and has dropped what it kept: db/change-feed.ts).
      await until('the change feed to listen again', async () => {
        const { rows } = await dba.query(
          `select 1 from pg_stat_activity where datname = $1 and application_name = $2`,
          [name, LISTENER_APPLICATION_NAME],
        );
        return rows.length > 0 ? true : undefined;
      });
      await dba.end();

      expectAlive();
      expect(networkErrors).toEqual([]);
      const statuses = [...new Set(answers.map((a) => a.status))].sort();
      expect(statuses).toEqual([200, 201, 503]);
      for (const a of answers.filter((a) => a.status === 503))
        expect(a.message).toBe(SERVER.databaseUnavailable);

      // However each order ended, every unit is on the shelf, in a cart or in an order.
      expect(await unitsOfEveryVariant(db, productIds)).toEqual(before);
    },
  );
});
