/**
 * Two server processes on different ports, one PostgreSQL database, the same JWT_SECRET: what
 * one instance does, the other must respect. Stock reservations never oversell (nor pass a
 * limited drop's limit per customer when it opens), a refresh
 * token rotated on one is refused as reused on the other, the reservation sweepers of both
 * return expired stock exactly once, and rate limits count the hits of both together.
 *
 * PostgreSQL only: PGlite is an in-process database that one process at a time can open.
 */
import { ACCOUNT } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/client';
import { REFRESH_COOKIE } from '../src/modules/auth/cookies';
import { WRONG_PASSWORDS } from '../src/modules/auth/login-throttle';
import { signAccessToken } from '../src/lib/tokens';
import { rowsOf } from '../src/db/prepared';
import { createProduct, createUsers } from './checkout-fixtures';
import { createTestDatabase, engine, type TestDatabase } from './helpers';
import { call, serverJwtSecret, startServer, type ServerProcess } from './server-process';
import { createUser } from './users';

/** The refresh token a response set, from its Set-Cookie header. */
const refreshCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${REFRESH_COOKIE}=`))
    ?.slice(REFRESH_COOKIE.length + 1);

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});

describe.skipIf(engine !== 'postgres')('two instances on one PostgreSQL database', () => {
  let testDb: TestDatabase;
  let db: Db;
  let a: ServerProcess;
  let b: ServerProcess;
  /** Instance A for even i, B for odd: the requests of a test alternate between the two. */
  const instance = (i: number) => (i % 2 === 0 ? a : b);

  const value = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: string | number }>(await db.execute(query))[0]?.n ?? 0);
  const stock = (productId: string) =>
    value(sql`select stock n from product_variants where product_id = ${productId}`);
  const reserved = (productId: string) =>
    value(sql`select coalesce(sum(quantity), 0) n from cart_items where product_id = ${productId}`);

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.database.db;
    // A sweep every second on each instance, so the sweeper test does not wait a minute; the
    // drop's 300 shoppers all come from this test's address, which must not be what refuses them.
    const env = {
      DATABASE_URL: testDb.url!,
      RESERVATION_SWEEP_SECONDS: '1',
      RESERVATIONS_PER_MINUTE_PER_ADDRESS: '100000',
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await testDb?.drop();
  });

  it('never oversells when both take the same variant at once', { timeout: 60_000 }, async () => {
    const product = await createProduct(db, { stock: { '': 10 } });
    const shoppers = await Promise.all(
      (await createUsers(db, 20)).map((u) => signAccessToken(serverJwtSecret, u.id)),
    );
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(instance(i), 'POST', '/api/reserveStock', {
          token: shoppers[i % shoppers.length],
          json: { productId: product.id, variant: '', quantity: 1 },
        }),
      ),
    );
    expect(tally(replies.map((r) => r.status))).toEqual({ 200: 10, 409: 90 });
    expect(await stock(product.id)).toBe(0);
    expect(await reserved(product.id)).toBe(10);
  });

  it(
    'keeps one cart within its ceilings when both take units for it at once',
    {
      timeout: 60_000,
    },
    async () => {
      const products = await Promise.all(
        Array.from({ length: 4 }, () => createProduct(db, { stock: { '': 100 } })),
      );
      const [user] = await createUsers(db, 1);
      const token = await signAccessToken(serverJwtSecret, user!.id);
      const add = (i: number, productId: string) =>
        call(instance(i), 'POST', '/api/reserveStock', {
          token,
          json: { productId, variant: '', quantity: 1 },
        });
      // One item, from both instances: MAX_UNITS_PER_ITEM (10) of it, never more.
      const one = await Promise.all(Array.from({ length: 24 }, (_, i) => add(i, products[0]!.id)));
      expect(tally(one.map((r) => r.status))).toEqual({ 200: 10, 409: 14 });
      // Three more items, 9 tries each: MAX_UNITS_PER_CART (30) in all.
      const more = await Promise.all(
        Array.from({ length: 27 }, (_, i) => add(i, products[1 + (i % 3)]!.id)),
      );
      expect(tally(more.map((r) => r.status))).toEqual({ 200: 20, 409: 7 });
      expect(
        await value(
          sql`select sum(quantity) n from cart_items where cart_id = ${`user_${user!.id}`}`,
        ),
      ).toBe(30);
      const taken = await Promise.all(products.map((p) => stock(p.id)));
      expect(400 - taken.reduce((a, b) => a + b)).toBe(30);
    },
  );

  it(
    'gives 300 shoppers at a drop of 50, limit 2, exactly the stock and none above the limit',
    { timeout: 120_000 },
    async () => {
      const product = await createProduct(db, { stock: { '': 50 } });
      await db.execute(sql`update products set limit_per_customer = 2,
        sale_starts_at = now() + interval '1 hour' where id = ${product.id}`);
      const tokens = await Promise.all(
        (await createUsers(db, 300)).map((u) => signAccessToken(serverJwtSecret, u.id)),
      );
      /** Shopper `i` adds `quantity` on instance `on`. */
      const add = (i: number, on: number, quantity: number) =>
        call(instance(on), 'POST', '/api/reserveStock', {
          token: tokens[i],
          json: { productId: product.id, variant: '', quantity },
        });
      // Before the start, on either instance: refused, nothing taken.
      const early = await Promise.all(Array.from({ length: 20 }, (_, i) => add(i, i, 1)));
      expect(tally(early.map((r) => r.status))).toEqual({ 409: 20 });
      await db.execute(sql`update products set sale_starts_at = now() where id = ${product.id}`);
      // Each shopper adds 2 on one instance and 1 on the other at once: 3 would pass the limit.
      const replies = await Promise.all(tokens.flatMap((_, i) => [add(i, i, 2), add(i, i + 1, 1)]));
      expect(Object.keys(tally(replies.map((r) => r.status))).sort()).toEqual(['200', '409']);
      expect(await stock(product.id)).toBe(0);
      expect(await reserved(product.id)).toBe(50);
      const most = await value(sql`select max(n) n from (select sum(quantity) n from cart_items
        where product_id = ${product.id} group by cart_id) held`);
      expect(most).toBe(2);
    },
  );

  it('counts the reservations of one account on both against one limit', async () => {
    const product = await createProduct(db, { stock: { '': 100 } });
    const [user] = await createUsers(db, 1);
    const token = await signAccessToken(serverJwtSecret, user!.id);
    const replies = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        call(instance(i), 'POST', '/api/reserveStock', {
          token,
          json: { productId: product.id, variant: '', quantity: 1 },
        }),
      ),
    );
    // 60 a minute per account (the default), whichever instance they reach; of those, 10 fit
    // the item's ceiling.
    expect(tally(replies.map((r) => r.status))).toEqual({ 200: 10, 409: 50, 429: 10 });
  });

  it('refuses on one instance a refresh token already rotated on the other', async () => {
    const user = await createUser(testDb.database);
    const login = await call(a, 'POST', '/api/auth/login', {
      json: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    const first = refreshCookieOf(login)!;
    const refresh = (on: ServerProcess, token: string) =>
      call(on, 'POST', '/api/auth/refresh', { cookie: `${REFRESH_COOKIE}=${token}` });

    const rotated = await refresh(a, first);
    expect(rotated.status).toBe(200);
    const second = refreshCookieOf(rotated)!;
    expect(second).not.toBe(first);

    // Within the two-tabs grace, the other instance hands out the same successor (decision 129).
    const twin = await refresh(b, first);
    expect(twin.status).toBe(200);
    expect(refreshCookieOf(twin)).toBe(second);

    // After it, the reuse is refused and revokes the whole family, for both instances.
    await db.execute(
      sql`update refresh_tokens set used_at = used_at - interval '1 minute'
          where user_id = ${user.id} and used_at is not null`,
    );
    const replay = await refresh(b, first);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ success: false, message: ACCOUNT.sessionExpired });
    expect((await refresh(a, second)).status).toBe(401);
  });

  it('returns expired reservations to stock exactly once with both sweepers running', async () => {
    const carts = 300; // more than one sweep batch (200), so the two sweepers split the work
    const product = await createProduct(db, { stock: { '': 0 } });
    // Carts, each holding one unit that is off the shelf (stock 0), as reservations are. Added
    // before the variant is held: a new line must see its variant exists (decision 091).
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into carts (id, touched_at)
        select ${product.id} || '-cart-' || g, now()
        from generate_series(1, ${carts}::int) g`);
      await tx.execute(sql`
        insert into cart_items (cart_id, product_id, variant, quantity)
        select ${product.id} || '-cart-' || g, ${product.id}, '', 1
        from generate_series(1, ${carts}::int) g`);
    });
    // The variant row is held, so that both sweepers, having each taken their carts, wait to
    // put the units back: proof that both sweep at the same moment.
    const holder = new pg.Client({ connectionString: testDb.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from product_variants where product_id = $1 for update', [
        product.id,
      ]);
      // Then idle for a day: both sweepers take their carts and wait to put the units back.
      await db.execute(sql`
        update carts set touched_at = now() - interval '1 day'
        where id like ${product.id} || '-cart-%'`);
      await vi.waitFor(
        async () => {
          const { rows } = await holder.query(
            `select pid from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(rows).toHaveLength(2);
        },
        { timeout: 15_000, interval: 50 },
      );
      await holder.query('commit');
    } finally {
      await holder.end();
    }

    await vi.waitFor(async () => expect(await reserved(product.id)).toBe(0), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await stock(product.id)).toBe(carts);
    // A few more sweeps on both instances change nothing.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await stock(product.id)).toBe(carts);
  });

  it('counts wrong passwords of both instances against one count per account and address', async () => {
    const user = await createUser(testDb.database);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(instance(i), 'POST', '/api/auth/login', {
          json: { email: user.email, password: 'wrong-password' },
        }),
      ),
    );
    // The first wrong passwords are free, whichever instance they reach; then this address waits.
    const free = WRONG_PASSWORDS.free;
    expect(tally(attempts.map((r) => r.status))).toEqual({ 401: free, 429: 20 - free });
    const blocked = attempts.find((r) => r.status === 429)!;
    expect(await blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    const right = await call(b, 'POST', '/api/auth/login', {
      json: { email: user.email, password: user.password },
    });
    expect(right.status).toBe(429);
  });
});
