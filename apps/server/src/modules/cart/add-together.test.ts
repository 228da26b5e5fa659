/**
 * Adds of one variant that waited for a turn go to the database together (sold-out.ts,
 * `addUnitsTogether`, decision 166's fifth addendum): one round trip for the turn, each add
 * answered as it would have been alone, first come first served; a cart with a card checkout
 * open, or a statement the database refuses, does not undo the others' adds.
 */
import { CART, CART_INFO } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  createProduct,
  shoppersWithCarts,
  stockOf,
  type Shopper,
} from '../../../test/checkout-fixtures';
import { databaseUrlOf, engine, holdRateLimitSweeps, useTestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/prepared';
import { carts } from '../../db/schema/index';
import { addUnitsTogether, CheckoutOpenError, type AddOfMany } from './cart.repo';
import { cartOwner, NOT_COUNTED } from './cart.service';

const t = useTestApp({ RESERVATIONS_PER_MINUTE_PER_ADDRESS: '100000' });
holdRateLimitSweeps();

const ceilings = { itemMax: 10, cartMax: 30, holdMaxMinutes: 120 };

const shoppers = (n: number) => shoppersWithCarts(t.app, t.database.db, t.config, n);

/** What each cart holds of the product, by cart. */
async function heldBy(productId: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ cart: string; n: number }>(
    await t.database.db.execute(sql`select cart_id cart, sum(quantity)::int n from cart_items
      where product_id = ${productId} group by cart_id`),
  );
  return new Map(rows.map((row) => [row.cart, Number(row.n)]));
}

/** What each shopper's cart holds of the product. */
async function held(productId: string): Promise<number[]> {
  return rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select sum(quantity)::int n from cart_items
      where product_id = ${productId} group by cart_id`),
  ).map((row) => Number(row.n));
}

const oneOf = (who: Shopper, productId: string): AddOfMany => ({
  line: { ...cartOwner(who.id), productId, variant: '', quantity: 1 },
  counters: NOT_COUNTED,
});

describe('adds of one variant at the same moment', () => {
  it.skipIf(engine !== 'postgres')(
    'go to the database in a round trip a turn, each answered as alone, none oversold',
    async () => {
      const product = await createProduct(t.database.db, { stock: { '': 8 } });
      const all = await shoppers(12);
      // Another session holds the variant's row, so the first add waits in the database while
      // the others arrive and wait for the next turn (on PGlite, one connection, the adds run
      // one after another anyway: its statements do not wait on anything).
      const outside = new pg.Client({ connectionString: await databaseUrlOf(t.database.db) });
      await outside.connect();
      let answers: Awaited<ReturnType<typeof t.app.inject>>[];
      const before = t.database.statements();
      try {
        await outside.query('begin');
        await outside.query('select stock from product_variants where product_id = $1 for update', [
          product.id,
        ]);
        const sent = all.map((who) =>
          t.app.inject({
            method: 'POST',
            url: '/api/reserveStock',
            headers: who.headers,
            payload: { productId: product.id, variant: '', quantity: 1 },
          }),
        );
        await new Promise((r) => setTimeout(r, 300));
        await outside.query('commit');
        answers = await Promise.all(sent);
      } finally {
        await outside.end();
      }
      // The first add alone, then the eleven that waited together: a statement a turn (one at
      // a time, the eight sales and the add that saw 0 took nine).
      expect(t.database.statements() - before).toBe(2);
      const byStatus = answers.map((a) => [a.statusCode, a.json<{ message: string }>().message]);
      expect(byStatus.filter(([status]) => status === 200)).toEqual(
        Array(8).fill([200, CART_INFO.added]),
      );
      expect(byStatus.filter(([status]) => status !== 200)).toEqual(
        Array(4).fill([409, CART.outOfStock]),
      );
      expect(await stockOf(t.database.db, product.id)).toBe(0);
      // Each shopper's answer is their own: a 200 for each cart that holds the unit, a 409 for
      // each that does not.
      const holders = await heldBy(product.id);
      expect(all.map((who) => holders.get(cartOwner(who.id).cartId) ?? 0)).toEqual(
        answers.map((a) => (a.statusCode === 200 ? 1 : 0)),
      );
      // The turn that sold the last units and saw 0 taught this instance that the figure is
      // sold out, its own sales notwithstanding: the next add is refused without a statement.
      const [late] = await shoppers(1);
      const beforeLate = t.database.statements();
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/reserveStock',
        headers: late!.headers,
        payload: { productId: product.id, variant: '', quantity: 1 },
      });
      expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
        409,
        CART.outOfStock,
      ]);
      expect(t.database.statements() - beforeLate).toBe(0);
    },
  );
});

describe('addUnitsTogether', () => {
  it("answers a paying cart's add with CheckoutOpenError, and still makes the others", async () => {
    const product = await createProduct(t.database.db, { stock: { '': 5 } });
    const [alice, paying, bob] = await shoppers(3);
    await t.database.db
      .insert(carts)
      .values({ id: cartOwner(paying!.id).cartId, userId: paying!.id, checkoutOpen: true })
      .onConflictDoUpdate({ target: carts.id, set: { checkoutOpen: true } });
    const before = t.database.statements();
    const { settled, told } = await addUnitsTogether(
      t.database.db,
      [alice!, paying!, bob!].map((who) => oneOf(who, product.id)),
      ceilings,
    );
    expect(told).toBe(1);
    expect(t.database.statements() - before).toBeLessThanOrEqual(2);
    expect(settled.map((s) => s.ok)).toEqual([true, false, true]);
    expect(settled[1]).toMatchObject({ ok: false, error: expect.any(CheckoutOpenError) });
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    expect(await held(product.id)).toEqual([1, 1]);
  });

  it('makes the adds one by one when the database refuses the statement, each on its own', async () => {
    const product = await createProduct(t.database.db, { stock: { '': 5 } });
    const [alice, bob] = await shoppers(2);
    // A cart of a user that does not exist: its add fails (foreign key), and alone it fails
    // only itself.
    const stranger: AddOfMany = {
      line: {
        cartId: 'user:00000000-0000-4000-8000-000000000000',
        userId: '00000000-0000-4000-8000-000000000000',
        productId: product.id,
        variant: '',
        quantity: 1,
      },
      counters: NOT_COUNTED,
    };
    const { settled, told } = await addUnitsTogether(
      t.database.db,
      [oneOf(alice!, product.id), stranger, oneOf(bob!, product.id)],
      ceilings,
    );
    expect(told).toBeNull();
    expect(settled.map((s) => s.ok)).toEqual([true, false, true]);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    expect(await held(product.id)).toEqual([1, 1]);
  });

  it("counts each add against its own limits, in the turn's statement, and refuses only the one past them", async () => {
    const product = await createProduct(t.database.db, { stock: { '': 5 } });
    const [alice, bob, carol] = await shoppers(3);
    const counted = (who: Shopper, limit: number): AddOfMany => ({
      ...oneOf(who, product.id),
      counters: {
        keys: [`batch:${who.id}`, 'batch:address'],
        windows: [60, 60],
        limits: [limit, 100],
      },
    });
    const before = t.database.statements();
    const { settled } = await addUnitsTogether(
      t.database.db,
      [counted(alice!, 5), counted(bob!, 0), counted(carol!, 5)],
      ceilings,
    );
    expect(t.database.statements() - before).toBe(1);
    expect(
      settled.map((s) => (s.ok ? 'retryAfter' in s.value && s.value.retryAfter : s.error)),
    ).toEqual([null, expect.any(Number), null]);
    expect(await held(product.id)).toEqual([1, 1]);
    const hits = rowsOf<{ key: string; hits: number }>(
      await t.database.db.execute(
        sql`select key, hits from rate_limits where key like 'batch:%' order by key`,
      ),
    );
    expect(Object.fromEntries(hits.map((h) => [h.key, Number(h.hits)]))).toEqual({
      'batch:address': 3,
      [`batch:${alice!.id}`]: 1,
      [`batch:${bob!.id}`]: 1,
      [`batch:${carol!.id}`]: 1,
    });
  });

  it.skipIf(engine !== 'postgres')(
    'gives up a lock it waits for past 100 ms and makes the adds one by one, none twice',
    async () => {
      const product = await createProduct(t.database.db, { stock: { '': 5 } });
      const [alice, bob, carol] = await shoppers(3);
      const outside = new pg.Client({ connectionString: await databaseUrlOf(t.database.db) });
      await outside.connect();
      const before = t.database.statements();
      let result: Awaited<ReturnType<typeof addUnitsTogether>>;
      try {
        await outside.query('begin');
        await outside.query('select stock from product_variants where product_id = $1 for update', [
          product.id,
        ]);
        const adding = addUnitsTogether(
          t.database.db,
          [alice!, bob!, carol!].map((who) => oneOf(who, product.id)),
          ceilings,
        );
        await new Promise((r) => setTimeout(r, 400));
        await outside.query('commit');
        result = await adding;
      } finally {
        await outside.end();
      }
      // The turn's statement, given up, then each add alone.
      expect(t.database.statements() - before).toBe(4);
      expect(result.settled.map((s) => s.ok)).toEqual([true, true, true]);
      expect(result.told).toBeNull();
      expect(await stockOf(t.database.db, product.id)).toBe(2);
      expect(await held(product.id)).toEqual([1, 1, 1]);
    },
  );
});
