import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { AppError } from '../../lib/errors';
import { createTestDatabase, engine, type TestDatabase } from '../../../test/helpers';
import {
  ageCart,
  DEFAULT_CEILINGS,
  DEFAULT_HOLD,
  createProduct,
  createUsers,
  setStock,
  stockOf,
  type UserFixture,
} from '../../../test/checkout-fixtures';
import { holdCart, type CartState } from './cart.repo';
import { cartOwner, decrementReservation, NOT_COUNTED, reserveStock } from './cart.service';
import { sweepExpiredReservations } from './reservation-sweeper';

let testDb: TestDatabase;
let db: Database['db'];
let shoppers: UserFixture[];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  shoppers = await createUsers(db, 200);
});
afterAll(() => testDb?.drop());

const held = async (productId: string, variant: string) => {
  const result = await db.execute(
    sql`select coalesce(sum(quantity), 0)::int as n from cart_items where product_id = ${productId} and variant = ${variant}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

const reserveAll = (productId: string, variant: string, quantity: number) =>
  Promise.allSettled(
    shoppers.map((s) =>
      reserveStock(
        db,
        cartOwner(s.id),
        { productId, variant, quantity },
        DEFAULT_CEILINGS,
        NOT_COUNTED,
      ),
    ),
  );

describe('simultaneous reservations', () => {
  it('200 reservations of a variant with stock 10 hold exactly 10 units, 20 times over', async () => {
    const product = await createProduct(db, {
      category: 'clothes',
      id: 'CLO-RACE01',
      stock: { M: 10 },
    });
    for (let round = 0; round < 20; round++) {
      await db.execute(sql`delete from cart_items`);
      await setStock(db, product.id, 'M', 10);
      const results = await reserveAll(product.id, 'M', 1);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
      expect(won).toHaveLength(10);
      expect(lost).toHaveLength(190);
      for (const error of lost) {
        expect(error).toBeInstanceOf(AppError);
        expect(error.status).toBe(409);
        expect(error.code).toBe('OUT_OF_STOCK');
        expect(error.extra).toEqual({ stock: 0 });
      }
      expect(await stockOf(db, product.id, 'M')).toBe(0);
      expect(await held(product.id, 'M')).toBe(10);
    }
  }, 300_000);

  it('losers that asked for more than is left get CONCURRENT_MODIFICATION with stock -1', async () => {
    const product = await createProduct(db, { id: 'TOY-RACE02', stock: { '': 10 } });
    await db.execute(sql`delete from cart_items`);
    const results = await reserveAll(product.id, '', 3);
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await stockOf(db, product.id)).toBe(1);
    expect(await held(product.id, '')).toBe(9);
    for (const error of lost) {
      expect(error.code).toBe('CONCURRENT_MODIFICATION');
      expect(error.extra).toEqual({ stock: -1, available: 1 });
    }
  });
});

describe.skipIf(engine !== 'postgres')(
  'a cart change on a cart another request is changing',
  () => {
    /**
     * Another request on the same cart (a second tab) adds `variant` × 2 while `change` waits for
     * the cart's row lock.
     */
    const whileAnotherAdds = async <T>(
      owner: ReturnType<typeof cartOwner>,
      productId: string,
      variant: string,
      change: () => Promise<T>,
    ) => {
      const other = new pg.Client({ connectionString: testDb.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('update carts set touched_at = now() where id = $1', [owner.cartId]);
        await other.query(
          `insert into cart_items (cart_id, user_id, product_id, variant, quantity)
           values ($1, $2, $3, $4, 2)`,
          [owner.cartId, owner.userId, productId, variant],
        );
        const waiting = change();
        await new Promise((r) => setTimeout(r, 200));
        await other.query('commit');
        return await waiting;
      } finally {
        await other.end();
      }
    };
    const linesOf = (productId: string, cart: CartState) =>
      cart.lines.filter((l) => l.productId === productId).map((l) => `${l.variant}×${l.quantity}`);

    it('answers the cart with what the other request committed while this one waited', async () => {
      const product = await createProduct(db, {
        category: 'clothes',
        id: 'CLO-WAIT01',
        stock: { S: 5, M: 5, L: 5 },
      });
      const owner = cartOwner(shoppers[0]!.id);
      const ref = (variant: string) => ({ productId: product.id, variant, quantity: 1 });
      await reserveStock(db, owner, ref('S'), DEFAULT_CEILINGS, NOT_COUNTED);
      const added = await whileAnotherAdds(owner, product.id, 'M', () =>
        reserveStock(db, owner, ref('S'), DEFAULT_CEILINGS, NOT_COUNTED),
      );
      expect(linesOf(product.id, added.cart)).toEqual(['S×2', 'M×2']);
      const taken = await whileAnotherAdds(owner, product.id, 'L', () =>
        decrementReservation(db, owner, ref('S'), DEFAULT_CEILINGS),
      );
      expect(linesOf(product.id, taken.cart)).toEqual(['S×1', 'M×2', 'L×2']);
    });

    it('holds the cart for checkout and reads what the other request committed meanwhile', async () => {
      const product = await createProduct(db, {
        category: 'clothes',
        id: 'CLO-WAIT02',
        stock: { S: 5, M: 5 },
      });
      const owner = cartOwner(shoppers[1]!.id);
      await reserveStock(
        db,
        owner,
        { productId: product.id, variant: 'S', quantity: 1 },
        DEFAULT_CEILINGS,
        NOT_COUNTED,
      );
      const held = await whileAnotherAdds(owner, product.id, 'M', () =>
        db.transaction((tx) => holdCart(tx, owner.cartId, owner.userId)),
      );
      expect(linesOf(product.id, held)).toEqual(['S×1', 'M×2']);
    });
  },
);

describe('how a cart change commits (decision 101)', () => {
  // A trigger run at commit time notes the setting each commit that adds or drops a line ran with.
  beforeAll(async () => {
    await db.execute(sql`create table commit_settings (setting text not null)`);
    await db.execute(sql`create function note_commit_setting() returns trigger language plpgsql as $$
      begin
        insert into commit_settings values (current_setting('synchronous_commit'));
        return null;
      end $$`);
    await db.execute(sql`create constraint trigger note_commit_setting
      after insert or delete on cart_items deferrable initially deferred
      for each row execute function note_commit_setting()`);
  });
  afterAll(async () => {
    await db.execute(sql`drop trigger note_commit_setting on cart_items`);
    await db.execute(sql`drop function note_commit_setting()`);
    await db.execute(sql`drop table commit_settings`);
  });
  /** The settings noted since the last call. */
  const noted = async () =>
    rowsOf<{ setting: string }>(
      await db.execute(sql`delete from commit_settings returning setting`),
    ).map((r) => r.setting);

  it('on PostgreSQL does not wait for the disk; on PGlite and in a larger transaction it does', async () => {
    const product = await createProduct(db, { id: 'TOY-ASYNC1', stock: { '': 5 } });
    const owner = cartOwner(shoppers[0]!.id);
    const ref = { productId: product.id, variant: '', quantity: 1 };
    await noted();
    await reserveStock(db, owner, ref, DEFAULT_CEILINGS, NOT_COUNTED);
    await decrementReservation(db, owner, ref, DEFAULT_CEILINGS);
    const own = engine === 'postgres' ? 'off' : 'on';
    expect(await noted()).toEqual([own, own]);
    await db.transaction(async (tx) => {
      await reserveStock(tx, owner, ref, DEFAULT_CEILINGS, NOT_COUNTED);
      await decrementReservation(tx, owner, ref, DEFAULT_CEILINGS);
    });
    expect(await noted()).toEqual(['on', 'on']);
    expect(await stockOf(db, product.id)).toBe(5);
  });
});

describe('the reservation sweeper', () => {
  it('run by two instances at once returns every expired unit exactly once', async () => {
    const product = await createProduct(db, { id: 'TOY-SWEEP1', stock: { '': 200 } });
    await db.execute(sql`delete from cart_items`);
    await reserveAll(product.id, '', 1);
    expect(await stockOf(db, product.id)).toBe(0);
    // Half the carts went idle long ago; the other half are still in use.
    const idle = shoppers.slice(0, 150);
    for (const s of idle) await ageCart(db, cartOwner(s.id).cartId, 31);

    // A second app instance: its own connection pool on PostgreSQL, the same PGlite otherwise.
    const other: Database = testDb.url
      ? await openDatabase({ databaseUrl: testDb.url, migrate: false, poolSize: 5 })
      : testDb.database;
    try {
      const [a, b] = await Promise.all([
        sweepExpiredReservations(db, DEFAULT_HOLD),
        sweepExpiredReservations(other.db, DEFAULT_HOLD),
      ]);
      expect(a.units + b.units).toBe(150);
      expect(a.carts + b.carts).toBe(150);
    } finally {
      if (other !== testDb.database) await other.close();
    }
    expect(await stockOf(db, product.id)).toBe(150);
    expect(await held(product.id, '')).toBe(50);
    // A later sweep finds nothing left to return.
    expect(await sweepExpiredReservations(db, DEFAULT_HOLD)).toEqual({ carts: 0, units: 0 });
    expect(await stockOf(db, product.id)).toBe(150);
  });

  it('stops after the batch it is running when the app closes, and leaves the rest whole', async () => {
    const product = await createProduct(db, { id: 'TOY-SWEEP2', stock: { '': 200 } });
    await db.execute(sql`delete from cart_items`);
    await reserveAll(product.id, '', 1);
    for (const s of shoppers.slice(0, 150)) await ageCart(db, cartOwner(s.id).cartId, 31);
    const closing = new AbortController();
    const transaction = db.transaction.bind(db);
    const spy = vi.spyOn(db, 'transaction').mockImplementation(async (work) => {
      const result = await transaction(work);
      closing.abort(); // the app closes while the first batch commits
      return result;
    });
    try {
      expect(
        await sweepExpiredReservations(db, DEFAULT_HOLD, { batch: 50, signal: closing.signal }),
      ).toEqual({ carts: 50, units: 50 });
    } finally {
      spy.mockRestore();
    }
    expect(await stockOf(db, product.id)).toBe(50);
    expect(await held(product.id, '')).toBe(150);
    // The next sweep, on this instance or another, takes the rest.
    expect(await sweepExpiredReservations(db, DEFAULT_HOLD, { batch: 50 })).toEqual({
      carts: 100,
      units: 100,
    });
    expect(await stockOf(db, product.id)).toBe(150);
  });
});
