/**
 * A server killed with SIGKILL in the middle of one of its multi-row writes leaves the database
 * as if the request had never arrived, and a restarted server can then do it: cash-on-delivery
 * order placement with a coupon, card-payment fulfilment, and a product save in the dashboard.
 *
 * To kill the process mid-transaction every time, a second connection holds a row (or table)
 * lock that the transaction needs after its first writes. Once pg_stat_activity shows the
 * server's backend waiting on that lock, the test reads which tables the transaction has
 * already written (pg_locks), kills the server, releases the lock and checks the database.
 *
 * PostgreSQL only. PGlite runs inside the server process on a single connection: no second
 * connection can hold a lock, so nothing can stop its transaction half-way. Killing a PGlite
 * server at random moments while orders are in flight was tried and did not catch even an order
 * placement deliberately made non-transactional (the kill lands between requests), so it would
 * prove nothing. The transactions under test are the same code on both engines.
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_INFO } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/prepared';
import { createCoupon, createProduct, signedInShopper } from './checkout-fixtures';
import { createTestDatabase, engine, testConfig, type TestDatabase } from './helpers';
import { call, startServer, type ServerProcess } from './server-process';
import { createAccount, pngImage } from './staff';

/** The first column of the first row of a raw query, as a number. */
async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(query));
  return Number(row?.n ?? 0);
}

/** Each counts the rows that break a rule which must hold however a request ended. */
const brokenRules = {
  ordersWithoutLines: sql`select count(*) n from orders o
    where not exists (select 1 from order_lines l where l.order_id = o.id)`,
  couponUsesWithoutOrder: sql`select count(*) n from coupon_uses u
    where not exists (select 1 from orders o where o.id = u.order_id)`,
  productsWithoutStock: sql`select count(*) n from products p
    where not exists (select 1 from product_variants v where v.product_id = p.id)`,
  checkoutsHalfFulfilled: sql`select count(*) n from checkout_snapshots s
    where (s.status = 'completed')
       <> exists (select 1 from orders o where o.checkout_session_id = s.session_id)`,
};

async function expectConsistent(db: Db) {
  const broken: Record<string, number> = {};
  for (const [rule, query] of Object.entries(brokenRules)) broken[rule] = await count(db, query);
  expect(broken).toEqual(Object.fromEntries(Object.keys(brokenRules).map((rule) => [rule, 0])));
}

/** Where a variant's units are: on the shelf, held in carts, or sold in orders. */
async function units(db: Db, productId: string, variant = '') {
  return {
    stock: await count(
      db,
      sql`select stock n from product_variants where product_id = ${productId} and variant = ${variant}`,
    ),
    reserved: await count(
      db,
      sql`select coalesce(sum(quantity), 0) n from cart_items
          where product_id = ${productId} and variant = ${variant}`,
    ),
    ordered: await count(
      db,
      sql`select coalesce(sum(quantity), 0) n from order_lines
          where product_id = ${productId} and variant = ${variant}`,
    ),
  };
}

async function poll<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(engine !== 'postgres')('a server killed in the middle of a write', () => {
  let testDb: TestDatabase;
  let db: Db;
  let server: ServerProcess | undefined;
  const running = async () => (server ??= await startServer({ DATABASE_URL: testDb.url! }));

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.database.db;
    await running();
  });

  afterAll(async () => {
    await server?.kill();
    await testDb?.drop();
  });

  /**
   * Holds `lock` on its own connection, sends `request` and kills the server once the
   * request's transaction waits for the lock. Returns the tables that transaction had written.
   */
  async function killMidTransaction(
    lock: string,
    params: unknown[],
    request: (s: ServerProcess) => Promise<Response>,
  ): Promise<string[]> {
    const victim = await running();
    const holder = new pg.Client({ connectionString: testDb.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(lock, params);
      let answered: number | undefined;
      const reply = request(victim).then(
        (r) => (answered = r.status),
        () => undefined,
      );
      const backend = await poll('the server to wait on the lock', async () => {
        if (answered !== undefined) throw new Error(`answered ${answered} without waiting`);
        const { rows } = await holder.query<{ pid: number }>(
          `select pid from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'
             and pid <> pg_backend_pid()`,
        );
        return rows[0]?.pid;
      });
      const { rows: written } = await holder.query<{ table: string }>(
        `select distinct c.relname as table from pg_locks l join pg_class c on c.oid = l.relation
         where l.pid = $1 and l.granted and l.mode = 'RowExclusiveLock' and c.relkind = 'r'
         order by 1`,
        [backend],
      );
      await victim.kill();
      server = undefined;
      await reply;
      expect(answered).toBeUndefined();
      await holder.query('rollback');
      // Given the lock, the orphaned backend finds its client gone and rolls back.
      await poll('the killed server’s transaction to end', async () => {
        const { rows } = await holder.query('select 1 from pg_stat_activity where pid = $1', [
          backend,
        ]);
        return rows.length === 0 ? true : undefined;
      });
      return written.map((r) => r.table);
    } finally {
      await holder.end();
    }
  }

  /** A shopper with `quantity` units of a fresh product reserved, and a coupon to spend. */
  async function shopperWithCart(quantity: number) {
    const product = await createProduct(db, { stock: { '': 10 } });
    const coupon = await createCoupon(db, { discountPercent: 15 });
    const buyer = await signedInShopper(db, testConfig());
    const token = buyer.headers.authorization.slice('Bearer '.length);
    const reserve = await call(await running(), 'POST', '/api/reserveStock', {
      token,
      json: { productId: product.id, variant: '', quantity },
    });
    expect(reserve.status).toBe(200);
    /** The product's units and the shopper's coupon uses. */
    const state = async () => ({
      ...(await units(db, product.id)),
      couponUses: await count(
        db,
        sql`select count(*) n from coupon_uses where user_id = ${buyer.id}`,
      ),
    });
    return { product, coupon, buyer, token, state };
  }

  it(
    'placing a cash order with a coupon: all or nothing, and it can be placed again',
    { timeout: 60_000 },
    async () => {
      const { product, coupon, buyer, token, state } = await shopperWithCart(2);
      const place = (s: ServerProcess) =>
        call(s, 'POST', '/api/order/placeOrder', {
          token,
          json: {
            deliveryAddress: '1-2-3 Akihabara',
            paymentMethod: 'cod',
            couponCode: coupon.code,
          },
        });

      // Counting units sold is the last write, in the statement that also empties the cart;
      // by then the order, its lines and the coupon use are written, and that statement holds
      // cart_items for writing.
      const written = await killMidTransaction(
        'select 1 from products where id = $1 for no key update',
        [product.id],
        place,
      );
      expect(written).toEqual(
        expect.arrayContaining(['cart_items', 'coupon_uses', 'order_lines', 'orders']),
      );
      await expectConsistent(db);
      expect(await count(db, sql`select count(*) n from orders where user_id = ${buyer.id}`)).toBe(
        0,
      );
      expect(await state()).toEqual({ stock: 8, reserved: 2, ordered: 0, couponUses: 0 });

      const again = await place(await running());
      expect(again.status).toBe(201);
      await expectConsistent(db);
      expect(await state()).toEqual({ stock: 8, reserved: 0, ordered: 2, couponUses: 1 });
    },
  );

  it(
    'fulfilling a card payment: all or nothing, and a redelivery makes exactly one order',
    { timeout: 60_000 },
    async () => {
      const { product, coupon, token, state } = await shopperWithCart(3);
      const started = await call(await running(), 'POST', '/api/test/create-checkout-session', {
        token,
        json: { paymentData: { deliveryAddress: 'Nagoya', couponCode: coupon.code } },
      });
      expect(started.status).toBe(200);
      const { sessionId } = (await started.json()) as { sessionId: string };
      const pay = (to: ServerProcess) =>
        call(to, 'POST', `/api/test/checkout/${sessionId}/pay`, {
          body: new URLSearchParams({ cardNumber: PAYMENT_INFO.testCardNumber }),
        });
      const snapshot = async () =>
        rowsOf<{ status: string; order_id: string | null }>(
          await db.execute(
            sql`select status, order_id from checkout_snapshots where session_id = ${sessionId}`,
          ),
        )[0];

      const written = await killMidTransaction(
        'select 1 from products where id = $1 for no key update',
        [product.id],
        pay,
      );
      expect(written).toEqual(
        expect.arrayContaining([
          'cart_items',
          'checkout_snapshots',
          'coupon_uses',
          'order_lines',
          'orders',
        ]),
      );
      await expectConsistent(db);
      expect(await snapshot()).toEqual({ status: 'open', order_id: null });
      expect(await state()).toEqual({ stock: 7, reserved: 3, ordered: 0, couponUses: 0 });

      // The provider retries; twice at once, for good measure.
      const restarted = await running();
      const replies = await Promise.all([pay(restarted), pay(restarted)]);
      expect(replies.map((r) => r.status)).toEqual([303, 303]);
      await expectConsistent(db);
      expect(
        await count(
          db,
          sql`select count(*) n from orders where checkout_session_id = ${sessionId}`,
        ),
      ).toBe(1);
      expect(await snapshot()).toMatchObject({ status: 'completed', order_id: expect.any(String) });
      expect(await state()).toEqual({ stock: 7, reserved: 0, ordered: 3, couponUses: 1 });
    },
  );

  it(
    'saving a product with its variants: all or nothing, on create and on edit',
    { timeout: 60_000 },
    async () => {
      const admin = await createAccount(testDb.database, testConfig().jwtSecret, 'admin');
      const image = await pngImage();
      const name = `Crash Saga ${randomBytes(3).toString('hex')}`;
      const form = (fields: Record<string, string>, withImage: boolean) => {
        const body = new FormData();
        for (const [key, value] of Object.entries({
          name,
          description: 'A saga that survives crashes.',
          price: '12.5',
          category: 'comics',
          genres: JSON.stringify(['action']),
          volumes: 'V1, V2',
          stock: JSON.stringify({ V1: 4, V2: 6 }),
          ...fields,
        }))
          body.append(key, value);
        if (withImage) body.append('image', new Blob([image], { type: 'image/png' }), 'cover.png');
        return body;
      };
      const create = (s: ServerProcess) =>
        call(s, 'POST', '/api/product/createProduct', { token: admin.token, body: form({}, true) });
      const variantsOf = async (productId: string) =>
        rowsOf<{ variant: string; stock: number }>(
          await db.execute(
            sql`select variant, stock from product_variants
                where product_id = ${productId} order by variant`,
          ),
        );

      // Creating: the product row is in, its variants wait behind the table lock.
      const createdTables = await killMidTransaction(
        'lock table product_variants in share mode',
        [],
        create,
      );
      expect(createdTables).toContain('products');
      await expectConsistent(db);
      expect(await count(db, sql`select count(*) n from products where name = ${name}`)).toBe(0);

      const created = await create(await running());
      expect(created.status).toBe(201);
      const { product } = (await created.json()) as {
        product: { productID: string; image: string };
      };
      expect(await variantsOf(product.productID)).toEqual([
        { variant: 'V1', stock: 4 },
        { variant: 'V2', stock: 6 },
      ]);

      // Editing: renamed and V2 deleted, then the upsert of V1 waits behind its row lock.
      const edit = (s: ServerProcess) =>
        call(s, 'PUT', '/api/product/updateProduct', {
          token: admin.token,
          body: form(
            {
              productID: product.productID,
              name: `${name} Deluxe`,
              volumes: 'V1, V3',
              stock: JSON.stringify({ V1: 9, V3: 2 }),
              image: product.image,
            },
            false,
          ),
        });
      const editedTables = await killMidTransaction(
        `select 1 from product_variants where product_id = $1 and variant = 'V1' for update`,
        [product.productID],
        edit,
      );
      expect(editedTables).toEqual(expect.arrayContaining(['product_variants', 'products']));
      await expectConsistent(db);
      expect(await count(db, sql`select count(*) n from products where name = ${name}`)).toBe(1);
      expect(await variantsOf(product.productID)).toEqual([
        { variant: 'V1', stock: 4 },
        { variant: 'V2', stock: 6 },
      ]);

      expect((await edit(await running())).status).toBe(200);
      expect(
        await count(db, sql`select count(*) n from products where name = ${`${name} Deluxe`}`),
      ).toBe(1);
      expect(await variantsOf(product.productID)).toEqual([
        { variant: 'V1', stock: 9 },
        { variant: 'V3', stock: 2 },
      ]);
    },
  );
});
