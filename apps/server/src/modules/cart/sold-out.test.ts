/**
 * A variant known sold out (sold-out.ts, decision 166's third addendum): a later add is refused
 * without the database, as the database would have refused it, until any change of the
 * product's stock is told; then the next add tries the database again.
 */
import { CART, CART_INFO, endpoints } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import {
  createProduct,
  shoppersWithCarts,
  stockOf,
  type Shopper,
} from '../../../test/checkout-fixtures';
import {
  databaseUrlOf,
  engine,
  holdRateLimitSweeps,
  loseChangeFeedListener,
  useTestApp,
} from '../../../test/helpers';
import { Feed } from '../../db/change-feed';
import { rowsOf } from '../../db/prepared';
import { DatabaseUnavailableError } from '../../lib/db-errors';
import { SoldOutVariants, type Settled } from './sold-out';

const t = useTestApp({ RESERVATIONS_PER_MINUTE_PER_ADDRESS: '100000' });
holdRateLimitSweeps();

/** An add of one unit: its status, message and how many statements it ran. */
async function add(who: Shopper, productId: string) {
  const before = t.database.statements();
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/reserveStock',
    headers: who.headers,
    payload: { productId, variant: '', quantity: 1 },
  });
  return {
    status: answer.statusCode,
    message: answer.json<{ message: string }>().message,
    statements: t.database.statements() - before,
  };
}

/** The shopper's adds counted against the reservation rate limit. */
async function hits(who: Shopper): Promise<number> {
  const [row] = rowsOf<{ hits: number }>(
    await t.database.db.execute(
      sql`select hits from rate_limits where key = ${`reserve:account:${who.id}`}`,
    ),
  );
  return Number(row?.hits ?? 0);
}

const refusedWithout = { status: 409, message: CART.outOfStock, statements: 0 };

const shoppers = (n: number) => shoppersWithCarts(t.app, t.database.db, t.config, n);

/** A product of one unit that `holder` has taken and `seer`'s add then found at 0. */
async function soldOutProduct() {
  // A test before may have cut the change feed's connection: it reconnects by itself.
  await vi.waitUntil(() => t.database.changes.catalog.version() !== null, { timeout: 5_000 });
  const product = await createProduct(t.database.db, { stock: { '': 1 } });
  const [holder, seer, late] = await shoppers(3);
  expect((await add(holder!, product.id)).status).toBe(200);
  expect(await add(seer!, product.id)).toMatchObject({ status: 409, statements: 1 });
  return { product, holder: holder!, late: late! };
}

describe('an add of a variant known sold out', () => {
  it('is refused without a statement and counts nothing, until a unit comes back', async () => {
    const { product, holder, late } = await soldOutProduct();
    expect(await add(late, product.id)).toEqual(refusedWithout);
    expect(await hits(late)).toBe(0);

    // The holder gives the unit back: the next add tries the database and takes it.
    const { method, path } = endpoints.cart.remove;
    const removed = await t.app.inject({
      method,
      url: `/api${path}`,
      headers: holder.headers,
      payload: { productId: product.id, variant: '' },
    });
    expect(removed.statusCode).toBe(200);
    expect(await add(late, product.id)).toEqual({
      status: 200,
      message: CART_INFO.added,
      statements: 1,
    });
    expect(await stockOf(t.database.db, product.id)).toBe(0);
  });

  it("leaves other products to the database, and another product's sale forgets nothing", async () => {
    const other = await createProduct(t.database.db, { stock: { '': 2 } });
    const { product } = await soldOutProduct();
    const [who] = await shoppers(1);
    expect(await add(who!, other.id)).toMatchObject({ status: 200, statements: 1 });
    expect(await add(who!, product.id)).toEqual(refusedWithout);
  });

  it.skipIf(engine !== 'postgres')(
    'is tried again on the database while the change feed cannot be trusted',
    async () => {
      const { product, late } = await soldOutProduct();
      await loseChangeFeedListener(t.database);
      // The database answers: the add is counted (the signed-in user is read again too).
      expect(await add(late, product.id)).toMatchObject({ status: 409, message: CART.outOfStock });
      expect(await hits(late)).toBe(1);
    },
  );

  it.skipIf(engine !== 'postgres')(
    'sells again once a writer outside the app (psql, a script) puts stock back',
    async () => {
      const { product, late } = await soldOutProduct();
      const outside = new pg.Client({ connectionString: await databaseUrlOf(t.database.db) });
      await outside.connect();
      try {
        await outside.query('update product_variants set stock = 1 where product_id = $1', [
          product.id,
        ]);
      } finally {
        await outside.end();
      }
      // Refused from what was known until the trigger's notification arrives, then taken.
      let answer = await add(late, product.id);
      for (let i = 0; i < 40 && answer.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 50));
        answer = await add(late, product.id);
      }
      expect(answer).toEqual({ status: 200, message: CART_INFO.added, statements: 1 });
    },
  );
});

describe('the turns of one variant', () => {
  const live = () => {
    const feed = new Feed();
    feed.setLive(true);
    return feed;
  };
  const refuse = (): never => {
    throw new Error('refused');
  };
  const nothingSent = async () => ({ settled: [], told: 0 });

  it('are taken in order, a few at a time, and one that comes after a 0 is refused', async () => {
    const soldOut = new SoldOutVariants(live(), nothingSent, 1);
    const ran: string[] = [];
    let finishFirst!: () => void;
    const first = soldOut.add(
      'P',
      '',
      async (saw) => {
        ran.push('first');
        await new Promise<void>((r) => (finishFirst = r));
        saw(0);
      },
      refuse,
    );
    const second = soldOut.add('P', '', async () => void ran.push('second'), refuse);
    const elsewhere = soldOut.add('Q', '', async () => void ran.push('elsewhere'), refuse);
    await elsewhere;
    expect(ran).toEqual(['first', 'elsewhere']);
    finishFirst();
    await first;
    await expect(second).rejects.toThrow('refused');
    expect(ran).toEqual(['first', 'elsewhere']);
  });

  it('learn nothing from a reading that overlapped a change of the stock', async () => {
    const feed = live();
    const soldOut = new SoldOutVariants(feed, nothingSent, 2);
    await soldOut.add(
      'P',
      '',
      async (saw) => {
        feed.stockChanged(['P']);
        saw(0);
      },
      refuse,
    );
    let ran = false;
    await soldOut.add('P', '', async () => void (ran = true), refuse);
    expect(ran).toBe(true);
  });

  it('answer 503, as a wait for the pool does, an add that waited too long, and go on with the next', async () => {
    const soldOut = new SoldOutVariants(live(), nothingSent, 1, 50);
    let finishFirst!: () => void;
    const first = soldOut.add('P', '', () => new Promise<void>((r) => (finishFirst = r)), refuse);
    const late = soldOut.add('P', '', async () => 'late', refuse);
    await expect(late).rejects.toBeInstanceOf(DatabaseUnavailableError);
    const next = soldOut.add('P', '', async () => 'next', refuse);
    finishFirst();
    await first;
    await expect(next).resolves.toBe('next');
    await expect(soldOut.add('P', '', async () => 'then', refuse)).resolves.toBe('then');
  });

  it('let the adds that waited take the next turn together, their calls sent as one', async () => {
    const sent: string[][] = [];
    const soldOut = new SoldOutVariants<string, string>(live(), async (items) => {
      sent.push(items);
      const settled = items.map((item): Settled<string> =>
        item === 'bad'
          ? { ok: false, error: new Error('bad add') }
          : { ok: true, value: `${item}!` },
      );
      return { settled, told: 0 };
    });
    let finishFirst: (() => void) | undefined;
    const first = soldOut.add(
      'P',
      '',
      async (_saw, send) => {
        await new Promise<void>((r) => (finishFirst = r));
        return send('first');
      },
      refuse,
    );
    const waiting = ['a', 'bad', 'c'].map((item) =>
      soldOut.add('P', '', (_saw, send) => send(item), refuse),
    );
    // One that finishes without a call does not hold the others' call back.
    const silent = soldOut.add('P', '', async () => 'no call', refuse);
    (await vi.waitUntil(() => finishFirst))();
    await expect(first).resolves.toBe('first!');
    await expect(Promise.all([waiting[0], waiting[2], silent])).resolves.toEqual([
      'a!',
      'c!',
      'no call',
    ]);
    await expect(waiting[1]).rejects.toThrow('bad add');
    expect(sent).toEqual([['first'], ['a', 'bad', 'c']]);
  });

  it('take at most `together` adds a turn, in the order they came', async () => {
    const sent: number[][] = [];
    const soldOut = new SoldOutVariants<number, number>(
      live(),
      async (items) => {
        sent.push(items);
        return { settled: items.map((value) => ({ ok: true as const, value })), told: 0 };
      },
      2,
    );
    const all = [1, 2, 3, 4, 5].map((n) => soldOut.add('P', '', (_saw, send) => send(n), refuse));
    await expect(Promise.all(all)).resolves.toEqual([1, 2, 3, 4, 5]);
    expect(sent).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('take no more adds a turn than the units the last reading left, one at least', async () => {
    /** An add that holds its turn until `release`, then reports a reading of `stock`. */
    const holding = (soldOut: SoldOutVariants<number, number>, stock: number) => {
      let finish: (() => void) | undefined;
      const done = soldOut.add(
        'P',
        '',
        async (saw) => {
          await new Promise<void>((r) => (finish = r));
          saw(stock);
        },
        refuse,
      );
      return { done, release: async () => (await vi.waitUntil(() => finish))() };
    };
    for (const feed of [live(), new Feed()]) {
      const sent: number[][] = [];
      // Each call's answer is the units it left: the number it sent.
      const soldOut = new SoldOutVariants<number, number>(feed, async (items) => {
        sent.push(items);
        return { settled: items.map((value) => ({ ok: true as const, value })), told: 0 };
      });
      const sendAll = (numbers: number[]) =>
        numbers.map((n) => soldOut.add('P', '', async (saw, send) => saw(await send(n)), refuse));
      const first = holding(soldOut, 2);
      const waiting = sendAll([8, 1, 3, 3, 3]);
      await first.release();
      await Promise.all([first.done, ...waiting]);
      expect(sent).toEqual([[8, 1], [3], [3, 3]]);
      if (feed.version() !== null) continue;
      // A 0 that is not known (the feed is not trusted) lets one add a turn try again.
      const zero = holding(soldOut, 0);
      const afterZero = sendAll([5, 5]);
      await zero.release();
      await Promise.all([zero.done, ...afterZero]);
      expect(sent.slice(3)).toEqual([[5], [5]]);
    }
  });

  it('answer each call of a turn with the failure of the call they were sent in', async () => {
    const failures = {
      rejected: async () => Promise.reject(new Error('lost')),
      thrown: () => {
        throw new Error('lost');
      },
    };
    for (const fail of Object.values(failures)) {
      const soldOut = new SoldOutVariants<number, number>(live(), fail);
      const all = [1, 2, 3].map((n) => soldOut.add('P', '', (_saw, send) => send(n), refuse));
      for (const one of all) await expect(one).rejects.toThrow('lost');
      // The variant's turns go on.
      await expect(soldOut.add('P', '', async () => 'then', refuse)).resolves.toBe('then');
    }
  });

  it("learn from a turn's reading of 0 despite the turn's own sales, not despite another change", async () => {
    for (const other of [false, true]) {
      const feed = live();
      const soldOut = new SoldOutVariants<string, number>(feed, async (items) => {
        // The turn sells and tells it; another change of the product may be told meanwhile.
        feed.stockChanged(['P']);
        if (other) feed.stockChanged(['P']);
        return { settled: items.map(() => ({ ok: true as const, value: 0 })), told: 1 };
      });
      let finishFirst: (() => void) | undefined;
      const first = soldOut.add('P', '', () => new Promise<void>((r) => (finishFirst = r)), refuse);
      const together = ['a', 'b'].map((item) =>
        soldOut.add('P', '', async (saw, send) => saw(await send(item)), refuse),
      );
      (await vi.waitUntil(() => finishFirst))();
      await Promise.all([first, ...together]);
      let ran = false;
      const next = soldOut.add('P', '', async () => void (ran = true), refuse);
      if (other) {
        await next;
        expect(ran).toBe(true);
      } else {
        await expect(next).rejects.toThrow('refused');
        expect(ran).toBe(false);
      }
    }
  });

  it("learn from a turn's last reading only: an earlier call's 0 may have been undone after it", async () => {
    const feed = live();
    const soldOut = new SoldOutVariants<number, number>(feed, async (items) => {
      // The turn sold a unit and told it.
      feed.stockChanged(['P']);
      return { settled: items.map((value) => ({ ok: true as const, value })), told: 1 };
    });
    let finishFirst: (() => void) | undefined;
    const first = soldOut.add('P', '', () => new Promise<void>((r) => (finishFirst = r)), refuse);
    // The first call of the turn reads 0; the last reads 1 (a lapsed unit came back between).
    const together = [0, 1].map((stock) =>
      soldOut.add('P', '', async (saw, send) => saw(await send(stock)), refuse),
    );
    (await vi.waitUntil(() => finishFirst))();
    await Promise.all([first, ...together]);
    let ran = false;
    await soldOut.add('P', '', async () => void (ran = true), refuse);
    expect(ran).toBe(true);
  });
});
