/**
 * A limited drop opening (decision 166): many shoppers, each signed in as themselves, add the
 * same limited product at once. Exactly the stock is held, nobody holds more than the limit,
 * and every answer is a 200 or a 409. On each engine in one process; two instances on one
 * PostgreSQL database are in test/scale-out.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createUsers, stockOf } from '../../../test/checkout-fixtures';
import { useTestApp } from '../../../test/helpers';
import { changed } from '../../db/changed';
import { rowsOf } from '../../db/prepared';
import { products } from '../../db/schema/index';
import { signAccessToken } from '../../lib/tokens';

// Every shopper comes from the same test address: its reservation limit must not be the rule
// that refuses them here.
const t = useTestApp({ RESERVATIONS_PER_MINUTE_PER_ADDRESS: '100000' });

const SHOPPERS = 300;
const STOCK = 50;

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});

/** Each shopper's units of the product in their cart, largest first. */
async function heldPerShopper(productId: string): Promise<number[]> {
  return rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select sum(quantity)::int n from cart_items
      where product_id = ${productId} group by cart_id order by n desc`),
  ).map((r) => Number(r.n));
}

/** Opens a drop of the limit; each shopper then adds `quantities` at once, one call each. */
async function drop(limit: number, quantities: number[]) {
  const product = await createProduct(t.database.db, { stock: { '': STOCK } });
  await t.database.db
    .update(products)
    .set({ limitPerCustomer: limit, saleStartsAt: sql`now() + interval '1 hour'` })
    .where(eq(products.id, product.id));
  changed.catalog(t.database.db, 'all');
  const tokens = await Promise.all(
    (await createUsers(t.database.db, SHOPPERS)).map((u) =>
      signAccessToken(t.config.jwtSecret, u.id),
    ),
  );
  const add = (token: string, quantity = 1) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reserveStock',
      headers: { authorization: `Bearer ${token}` },
      payload: { productId: product.id, variant: '', quantity },
    });

  // Early birds before the start: all refused, nothing taken.
  const early = await Promise.all(tokens.slice(0, 20).map((token) => add(token)));
  expect(tally(early.map((r) => r.statusCode))).toEqual({ 409: 20 });
  expect(await stockOf(t.database.db, product.id)).toBe(STOCK);

  await t.database.db
    .update(products)
    .set({ saleStartsAt: sql`now()` })
    .where(eq(products.id, product.id));
  changed.catalog(t.database.db, 'all');
  const answers = await Promise.all(
    tokens.flatMap((token) => quantities.map((quantity) => add(token, quantity))),
  );
  return { product, statuses: answers.map((r) => r.statusCode) };
}

describe('a limited drop opening to 300 shoppers at once, stock 50', () => {
  it('limit 1, two adds each: exactly 50 units held, one per shopper at most, no errors', async () => {
    const { product, statuses } = await drop(1, [1, 1]);
    expect(tally(statuses)).toEqual({ 200: STOCK, 409: SHOPPERS * 2 - STOCK });
    expect(await stockOf(t.database.db, product.id)).toBe(0);
    const held = await heldPerShopper(product.id);
    expect(held.reduce((a, b) => a + b, 0)).toBe(STOCK);
    expect(held[0]).toBe(1);
  }, 120_000);

  it('limit 2, an add of 2 and one of 1 each: exactly 50 units held, two per shopper at most, no errors', async () => {
    const { product, statuses } = await drop(2, [2, 1]);
    expect(Object.keys(tally(statuses)).sort()).toEqual(['200', '409']);
    expect(await stockOf(t.database.db, product.id)).toBe(0);
    const held = await heldPerShopper(product.id);
    expect(held.reduce((a, b) => a + b, 0)).toBe(STOCK);
    expect(held[0]).toBe(2);
  }, 120_000);
});
