/**
 * A product's limit per customer (DESIGN.md §8 "Fair stock", decision 140): units of the
 * product, all its variants together, in the customer's cart and their orders.
 */
import { CART_INFO } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import {
  createProduct,
  shopperCalls,
  signedInShopper,
  stockOf,
  type ProductFixture,
} from '../../../test/checkout-fixtures';
import { orders, products } from '../../db/schema/index';

const t = useTestApp();

async function limited(limit: number | null, overrides: Partial<ProductFixture> = {}) {
  const product = await createProduct(t.database.db, { stock: { '': 100 }, ...overrides });
  await setLimit(product.id, limit);
  return product;
}
const setLimit = (id: string, limit: number | null) =>
  t.database.db.update(products).set({ limitPerCustomer: limit }).where(eq(products.id, id));

async function shopper() {
  const who = await signedInShopper(t.database.db, t.config);
  const calls = shopperCalls(t.app, who);
  const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  return {
    ...calls,
    setQuantity: (productId: string, newQuantity: number, variant = '') =>
      call('PUT', '/cart/update', { productId, variant, newQuantity }),
    decrement: (productId: string, quantity: number, variant = '') =>
      call('POST', '/decrementReservationStock', { productId, variant, quantity }),
    remove: (productId: string, variant = '') =>
      call('DELETE', '/cart/remove', { productId, variant }),
    held: async () =>
      ((await calls.readCart()).json().cartItems as { itemQuantity: number }[]).reduce(
        (n, line) => n + line.itemQuantity,
        0,
      ),
  };
}

const refusedFor = (max: number, bought: number, stock: number) => ({
  success: false,
  message: CART_INFO.customerLimit(max, bought),
  code: 'GENERAL_ERROR',
  stock,
});

describe('a product with a limit per customer', () => {
  it('counts the cart and the orders already placed; a deleted order no longer counts', async () => {
    const product = await limited(3);
    const buyer = await shopper();
    expect((await buyer.reserve(product.id, 2)).statusCode).toBe(200);
    expect((await buyer.placeCashOrder()).statusCode).toBe(201);
    expect((await buyer.reserve(product.id, 1)).statusCode).toBe(200);

    const refused = await buyer.reserve(product.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(refusedFor(3, 2, 97));
    expect(await stockOf(t.database.db, product.id)).toBe(97);

    await t.database.db.delete(orders).where(eq(orders.userId, buyer.id));
    expect((await buyer.reserve(product.id, 2)).statusCode).toBe(200);
    expect(await buyer.held()).toBe(3);
    const full = await buyer.reserve(product.id, 1);
    expect(full.json()).toEqual(refusedFor(3, 0, 95));
  });

  it('counts all its variants together, on add and on a quantity change', async () => {
    const product = await limited(3, {
      id: 'COM-LIM001',
      category: 'comics',
      stock: { V1: 9, V2: 9 },
    });
    const buyer = await shopper();
    expect((await buyer.reserve(product.id, 2, 'V1')).statusCode).toBe(200);
    const add = await buyer.reserve(product.id, 2, 'V2');
    expect(add.statusCode).toBe(409);
    expect(add.json()).toEqual(refusedFor(3, 0, 9));
    const change = await buyer.setQuantity(product.id, 4, 'V1');
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual(refusedFor(3, 0, 7));
    expect((await buyer.reserve(product.id, 1, 'V2')).statusCode).toBe(200);
    expect(await buyer.held()).toBe(3);
  });

  it('holds exactly, however many adds come at once', async () => {
    const product = await limited(7, {
      id: 'COM-LIM002',
      category: 'comics',
      stock: { V1: 50, V2: 50 },
    });
    const buyer = await shopper();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => buyer.reserve(product.id, 1, i % 2 ? 'V1' : 'V2')),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(43);
    expect(await buyer.held()).toBe(7);
    const left =
      (await stockOf(t.database.db, product.id, 'V1')) +
      (await stockOf(t.database.db, product.id, 'V2'));
    expect(left).toBe(93);
  });

  it('is per customer: what one bought leaves another free', async () => {
    const product = await limited(2);
    const first = await shopper();
    const second = await shopper();
    expect((await first.reserve(product.id, 2)).statusCode).toBe(200);
    expect((await first.placeCashOrder()).statusCode).toBe(201);
    expect((await second.reserve(product.id, 2)).statusCode).toBe(200);
  });

  it('never refuses giving units back, even when the customer is over it', async () => {
    const product = await limited(null);
    const buyer = await shopper();
    expect((await buyer.reserve(product.id, 5)).statusCode).toBe(200);
    await setLimit(product.id, 1);
    expect((await buyer.decrement(product.id, 1)).statusCode).toBe(200);
    expect((await buyer.setQuantity(product.id, 3)).statusCode).toBe(200);
    const more = await buyer.setQuantity(product.id, 4);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual(refusedFor(1, 0, 97));
    expect((await buyer.remove(product.id)).statusCode).toBe(200);
    expect(await buyer.held()).toBe(0);
    expect(await stockOf(t.database.db, product.id)).toBe(100);
  });
});

describe('a product without a limit per customer', () => {
  it('keeps only the general ceilings, whatever was bought before', async () => {
    const product = await limited(null);
    const buyer = await shopper();
    expect((await buyer.reserve(product.id, 10)).statusCode).toBe(200);
    expect((await buyer.placeCashOrder()).statusCode).toBe(201);
    expect((await buyer.reserve(product.id, 10)).statusCode).toBe(200);
  });
});
