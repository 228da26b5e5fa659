/**
 * The busy statements are prepared by name through Drizzle's public `.prepare(name)`
 * (db/prepared.ts): on PostgreSQL the connection that ran one keeps it parsed and planned, in a
 * transaction as on the database itself.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, type TestDatabase } from './helpers';
import { readCartState } from '../src/modules/cart/cart.repo';
import { listOrders } from '../src/modules/orders-admin/orders-admin.repo';
import { prepared, rowsOf } from '../src/db/prepared';
import type { Executor } from '../src/db/client';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const preparedNames = async (ex: Executor) =>
  rowsOf<{ name: string }>(await ex.execute(sql`select name from pg_prepared_statements`)).map(
    (row) => row.name,
  );

describe('prepared statements', () => {
  it('are made once for each database or transaction they run on', async () => {
    let built = 0;
    const statement = prepared((ex) => {
      built += 1;
      return ex
        .select({ one: sql<number>`1` })
        .from(sql`(values (1)) as t`)
        .prepare('test_one');
    });
    const { db } = testDb.database;
    expect(statement(db)).toBe(statement(db));
    expect(built).toBe(1);
    await db.transaction(async (tx) => {
      expect(statement(tx)).not.toBe(statement(db));
      expect(await statement(tx).execute()).toEqual([{ one: 1 }]);
    });
    expect(built).toBe(2);
  });

  it.runIf(engine === 'postgres')(
    'stay prepared by name on the connection that ran them, in a transaction too',
    async () => {
      const { db } = testDb.database;
      await db.transaction(async (tx) => {
        await readCartState(tx, 'no-such-cart');
        await readCartState(tx, 'no-such-cart');
        expect(await preparedNames(tx)).toContain('cart_state');
      });
      // One connection, so that the page's statement runs where it is then looked for.
      await db.transaction(async (tx) => {
        await listOrders(tx, 20, 0);
        expect(await preparedNames(tx)).toContain('dashboard_orders_page');
      });
    },
  );
});
