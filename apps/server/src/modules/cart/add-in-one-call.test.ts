/**
 * A shopper's add to cart is one call of the database (`cart_add`, decision 166's addendum):
 * the reservation rate limits' count, the reservation, and what words a refusal, in one round
 * trip; the count commits on its own before the reservation waits for the variant, so a counter
 * many shoppers share is never held through that wait.
 */
import { CART, CART_INFO } from '@otaku/shared';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createProduct,
  signedInShopper,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';
import { engine, holdRateLimitSweeps, useTestApp } from '../../../test/helpers';
import { changed } from '../../db/changed';
import { rowsOf } from '../../db/prepared';
import { products } from '../../db/schema/index';

const t = useTestApp({ RESERVATIONS_PER_MINUTE_PER_ADDRESS: '100000' });

const add = (who: Shopper, productId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reserveStock',
    headers: who.headers,
    payload: { productId, variant: '', quantity: 1 },
  });

/** A counter's hits as committed (0: none yet). */
async function hits(key: string): Promise<number> {
  const [row] = rowsOf<{ hits: number }>(
    await t.database.db.execute(sql`select hits from rate_limits where key = ${key}`),
  );
  return Number(row?.hits ?? 0);
}

let limited: ProductFixture;
beforeAll(async () => {
  limited = await createProduct(t.database.db, { stock: { '': 1 } });
  await t.database.db
    .update(products)
    .set({ limitPerCustomer: 1 })
    .where(eq(products.id, limited.id));
  changed.catalog(t.database.db, 'all');
});
afterEach(() => vi.restoreAllMocks());
holdRateLimitSweeps();

describe("a shopper's add to cart", () => {
  it('is one SQL statement, taken or at the limit; none once its variant is known sold out', async () => {
    const [alice, bob] = await Promise.all([
      signedInShopper(t.database.db, t.config),
      signedInShopper(t.database.db, t.config),
    ]);
    const statementsOf = async (who: Shopper) => {
      const before = t.database.statements();
      const answer = await add(who, limited.id);
      return {
        status: answer.statusCode,
        message: answer.json().message,
        statements: t.database.statements() - before,
      };
    };
    // Each shopper's first call reads the signed-in user, which is then kept (decision 088).
    for (const who of [alice, bob])
      await t.app.inject({ method: 'POST', url: '/api/cart', headers: who.headers });

    expect(await statementsOf(alice)).toEqual({
      status: 200,
      message: CART_INFO.added,
      statements: 1,
    });
    expect(await statementsOf(alice)).toEqual({
      status: 409,
      message: CART_INFO.customerLimit(1, 0),
      statements: 1,
    });
    // Alice's refusal showed the variant at 0: Bob is answered without the database
    // (sold-out.ts).
    expect(await statementsOf(bob)).toEqual({
      status: 409,
      message: CART.outOfStock,
      statements: 0,
    });
    expect(await hits(`reserve:account:${alice.id}`)).toBe(2);
  });

  it.skipIf(engine !== 'postgres')(
    'commits its count before it waits for the variant, so the counters are free meanwhile',
    async () => {
      const figure = await createProduct(t.database.db, { stock: { '': 5 } });
      const alice = await signedInShopper(t.database.db, t.config);
      let adding: ReturnType<typeof add> | undefined;
      // Another change holds the variant's row until its transaction ends.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from product_variants where product_id = ${figure.id} for update`,
        );
        adding = add(alice, figure.id);
        await vi.waitUntil(
          async () =>
            rowsOf<{ n: number }>(
              await t.database.db.execute(sql`select count(*)::int as n from pg_stat_activity
                where query like 'call cart_add%' and wait_event_type = 'Lock'`),
            )[0]!.n === 1,
          { timeout: 5_000 },
        );
        // The add waits for the variant: its count is committed, and the address's counter is
        // not held (another shopper's count from the same address goes through at once).
        expect(await hits(`reserve:account:${alice.id}`)).toBe(1);
        await t.database.db.transaction(async (other) => {
          await other.execute(sql`set local lock_timeout = '2s'`);
          await other.execute(sql`select * from rate_limit_count(array['reserve:ip:127.0.0.1'],
            array[60], array[100000])`);
        });
      });
      expect((await adding!).statusCode).toBe(200);
    },
  );
});
