/**
 * A product's sale start (limited drops, decision 166): before it the cart takes none of its
 * units, by the database's clock in the statement that takes them; units held before staff
 * moved the start stay held and may be ordered; giving units back is never refused.
 */
import { SALE_START } from '@otaku/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import {
  createProduct,
  DEFAULT_CEILINGS,
  shopperCalls,
  signedInShopper,
  stockOf,
} from '../../../test/checkout-fixtures';
import { changed } from '../../db/changed';
import { rowsOf } from '../../db/prepared';
import { products } from '../../db/schema/index';
import { addUnits } from './cart.repo';
import { NOT_COUNTED } from './cart.service';

const t = useTestApp();

/** Moves the product's sale start `seconds` from the database's now (negative: past), or off. */
async function startSale(id: string, seconds: number | null) {
  await t.database.db
    .update(products)
    .set({
      saleStartsAt:
        seconds === null ? null : sql`now() + make_interval(secs => ${seconds}::float8)`,
    })
    .where(eq(products.id, id));
  changed.catalog(t.database.db, 'all');
}

/** The product's sale start as the database holds it, ISO, as the refusal names it. */
async function saleStartOf(id: string): Promise<string> {
  const [row] = rowsOf<{ ms: number }>(
    await t.database.db.execute(
      sql`select (extract(epoch from sale_starts_at) * 1000)::float8 ms from products where id = ${id}`,
    ),
  );
  return new Date(Math.round(Number(row!.ms))).toISOString();
}

async function shopper() {
  const who = await signedInShopper(t.database.db, t.config);
  const calls = shopperCalls(t.app, who);
  const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  return {
    ...who,
    ...calls,
    setQuantity: (productId: string, newQuantity: number) =>
      call('PUT', '/cart/update', { productId, variant: '', newQuantity }),
    decrement: (productId: string, quantity: number) =>
      call('POST', '/decrementReservationStock', { productId, variant: '', quantity }),
    held: async () =>
      ((await calls.readCart()).json().cartItems as { itemQuantity: number }[]).reduce(
        (n, line) => n + line.itemQuantity,
        0,
      ),
  };
}

const notYet = (opensAt: string, stock: number) => ({
  success: false,
  message: SALE_START.notOnSaleYet(opensAt),
  code: 'GENERAL_ERROR',
  stock,
  opensAt,
});

describe('a product whose sale has not started', () => {
  it('refuses an add with when it opens, takes nothing, and sells once the start has passed', async () => {
    const product = await createProduct(t.database.db, { stock: { '': 50 } });
    await startSale(product.id, 3600);
    const opensAt = await saleStartOf(product.id);
    const buyer = await shopper();

    const refused = await buyer.reserve(product.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(notYet(opensAt, 50));
    expect(await stockOf(t.database.db, product.id)).toBe(50);
    expect(await buyer.held()).toBe(0);

    await startSale(product.id, -1);
    const added = await buyer.reserve(product.id, 2);
    expect(added.statusCode).toBe(200);
    expect(await stockOf(t.database.db, product.id)).toBe(48);
  });

  it('is refused by the database statement itself, whatever the app checks', async () => {
    const product = await createProduct(t.database.db, { stock: { '': 5 } });
    await startSale(product.id, 3600);
    const who = await signedInShopper(t.database.db, t.config);
    const line = {
      cartId: `user_${who.id}`,
      userId: who.id,
      productId: product.id,
      variant: '',
      quantity: 1,
    };
    expect(await addUnits(t.database.db, line, DEFAULT_CEILINGS, NOT_COUNTED)).toMatchObject({
      reservation: { taken: false, stock: 5 },
    });
    await startSale(product.id, -1);
    expect(await addUnits(t.database.db, line, DEFAULT_CEILINGS, NOT_COUNTED)).toMatchObject({
      reservation: { taken: true, stock: 4 },
    });
  });

  it('keeps units held before staff moved the start ahead: no more are taken, giving back and ordering go on', async () => {
    const product = await createProduct(t.database.db, { stock: { '': 20 } });
    const buyer = await shopper();
    expect((await buyer.reserve(product.id, 3)).statusCode).toBe(200);
    await startSale(product.id, 3600);
    const opensAt = await saleStartOf(product.id);

    const raised = await buyer.setQuantity(product.id, 4);
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toEqual(notYet(opensAt, 17));
    expect((await buyer.reserve(product.id, 1)).statusCode).toBe(409);
    expect((await buyer.decrement(product.id, 1)).statusCode).toBe(200);
    expect((await buyer.setQuantity(product.id, 1)).statusCode).toBe(200);
    expect(await stockOf(t.database.db, product.id)).toBe(19);

    expect((await buyer.placeCashOrder()).statusCode).toBe(201);
    expect(await buyer.held()).toBe(0);
    expect(await stockOf(t.database.db, product.id)).toBe(19);
  });

  it('leaves other products in the same cart on sale', async () => {
    const drop = await createProduct(t.database.db, { stock: { '': 5 } });
    const other = await createProduct(t.database.db, { stock: { '': 5 } });
    await startSale(drop.id, 3600);
    const buyer = await shopper();
    expect((await buyer.reserve(drop.id, 1)).statusCode).toBe(409);
    expect((await buyer.reserve(other.id, 1)).statusCode).toBe(200);
  });

  it('says out of stock, not the start, once the start has passed and nothing is left', async () => {
    const product = await createProduct(t.database.db, { stock: { '': 0 } });
    await startSale(product.id, -60);
    const res = await (await shopper()).reserve(product.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK', stock: 0 });
  });
});
