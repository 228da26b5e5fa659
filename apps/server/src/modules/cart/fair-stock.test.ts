/**
 * Fair stock (DESIGN.md §8, decision 133): the per-customer ceilings, the limit on how fast a
 * cart can reserve, and the longest a unit stays held, through the cart calls.
 */
import { CART_INFO } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import {
  ageLines,
  createProduct,
  DEFAULT_HOLD,
  signedInShopper,
  stockOf,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';
import { sweepExpiredReservations } from './reservation-sweeper';

/** The defaults of MAX_UNITS_PER_ITEM and MAX_UNITS_PER_CART. */
const ITEM_MAX = 10;
const CART_MAX = 30;

const t = useTestApp();
let figures: ProductFixture[];

beforeAll(async () => {
  figures = await Promise.all(
    Array.from({ length: 4 }, () => createProduct(t.database.db, { stock: { '': 100 } })),
  );
});

const call = (who: Shopper, method: 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload && { payload }) });
const add = (who: Shopper, product: ProductFixture, quantity = 1) =>
  call(who, 'POST', '/reserveStock', { productId: product.id, quantity });
const cartOf = async (who: Shopper) => (await call(who, 'POST', '/cart')).json();
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});

describe('the ceilings of one cart, however many calls come at once', () => {
  it(`let ${ITEM_MAX} units of one item through and refuse the rest`, async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const product = figures[0]!;
    const before = await stockOf(t.database.db, product.id);
    const answers = await Promise.all(Array.from({ length: 25 }, () => add(shopper, product)));
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 200: ITEM_MAX, 409: 25 - ITEM_MAX });
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({
        success: false,
        message: CART_INFO.lineLimit(ITEM_MAX, ITEM_MAX),
        code: 'GENERAL_ERROR',
        stock: before - ITEM_MAX,
      });
    }
    expect((await cartOf(shopper)).cartItems[0].itemQuantity).toBe(ITEM_MAX);
    expect(await stockOf(t.database.db, product.id)).toBe(before - ITEM_MAX);
  });

  it(`let ${CART_MAX} units in all through and refuse the rest`, async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const before = await Promise.all(figures.map((f) => stockOf(t.database.db, f.id)));
    // 9 units of each of four items (36): within each item's ceiling, past the cart's.
    const answers = await Promise.all(
      Array.from({ length: 36 }, (_, i) => add(shopper, figures[i % 4]!)),
    );
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 200: CART_MAX, 409: 36 - CART_MAX });
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({
        success: false,
        message: CART_INFO.cartLimit(CART_MAX, CART_MAX),
        code: 'GENERAL_ERROR',
      });
    }
    const cart = await cartOf(shopper);
    const held = cart.cartItems.reduce(
      (n: number, i: { itemQuantity: number }) => n + i.itemQuantity,
      0,
    );
    expect(held).toBe(CART_MAX);
    const after = await Promise.all(figures.map((f) => stockOf(t.database.db, f.id)));
    expect(before.reduce((a, b) => a + b) - after.reduce((a, b) => a + b)).toBe(CART_MAX);
  });

  it('keep a quantity change within them too, and always let units go back', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const [a, b, c, d] = figures as [
      ProductFixture,
      ProductFixture,
      ProductFixture,
      ProductFixture,
    ];
    const set = (product: ProductFixture, newQuantity: number) =>
      call(shopper, 'PUT', '/cart/update', { productId: product.id, newQuantity });
    for (const product of [a, b, c]) await add(shopper, product);
    const pastItem = await set(a, ITEM_MAX + 1);
    expect(pastItem.statusCode).toBe(409);
    expect(pastItem.json()).toMatchObject({
      message: CART_INFO.lineLimit(ITEM_MAX, 1),
      code: 'GENERAL_ERROR',
    });
    for (const product of [a, b, c]) expect((await set(product, ITEM_MAX)).statusCode).toBe(200);
    const full = await add(shopper, d);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      message: CART_INFO.cartLimit(CART_MAX, CART_MAX),
      code: 'GENERAL_ERROR',
    });
    const down = await call(shopper, 'POST', '/decrementReservationStock', {
      productId: a.id,
      quantity: 3,
    });
    expect(down.json()).toMatchObject({ reservedQuantity: ITEM_MAX - 3 });
    const fourMore = await add(shopper, d, 4);
    expect(fourMore.statusCode).toBe(409);
    expect(fourMore.json()).toMatchObject({ message: CART_INFO.cartLimit(CART_MAX, CART_MAX - 3) });
    expect((await add(shopper, d, 3)).statusCode).toBe(200);
    // a holds 7: one fewer is always fine, two more than that would make 31.
    expect((await set(a, ITEM_MAX - 4)).statusCode).toBe(200);
    const pastCart = await set(a, ITEM_MAX - 2);
    expect(pastCart.statusCode).toBe(409);
    expect(pastCart.json()).toMatchObject({ message: CART_INFO.cartLimit(CART_MAX, CART_MAX - 1) });
  });
});

describe('how long a unit stays held', () => {
  it('ends RESERVATION_MAX_MINUTES after it was first held, however often the cart is touched', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const cartId = `user_${shopper.id}`;
    const [a, b] = figures;
    const stockA = await stockOf(t.database.db, a!.id);
    await add(shopper, a!, 2);
    // First held 100 minutes ago; the cart was touched just now. Its first hold ends in 20
    // minutes, sooner than 30 minutes after the last change.
    await ageLines(t.database.db, cartId, DEFAULT_HOLD.maxMinutes - 20);
    const touched = await add(shopper, b!, 1);
    const heldUntil = Date.parse(touched.json().heldUntil);
    expect(heldUntil - Date.now()).toBeGreaterThan(19 * 60_000);
    expect(heldUntil - Date.now()).toBeLessThan(21 * 60_000);

    // 21 minutes on: the sweeper ends a's hold though the cart was just used, and leaves b.
    await ageLines(t.database.db, cartId, DEFAULT_HOLD.maxMinutes + 1, a!.id);
    expect(await sweepExpiredReservations(t.database.db, DEFAULT_HOLD)).toEqual({
      carts: 1,
      units: 2,
    });
    expect(await stockOf(t.database.db, a!.id)).toBe(stockA);
    const cart = await cartOf(shopper);
    expect(cart.cartItems.map((i: { productId: string }) => i.productId)).toEqual([b!.id]);
    expect(await sweepExpiredReservations(t.database.db, DEFAULT_HOLD)).toEqual({
      carts: 0,
      units: 0,
    });
  });

  it('ended is ended for the cart calls as well, before the sweeper comes by', async () => {
    const shopper = await signedInShopper(t.database.db, t.config);
    const cartId = `user_${shopper.id}`;
    const [a, b] = figures;
    const stockA = await stockOf(t.database.db, a!.id);
    await add(shopper, a!, ITEM_MAX);
    await ageLines(t.database.db, cartId, DEFAULT_HOLD.maxMinutes + 1);
    // The lapsed line no longer counts against the item's ceiling: a fresh hold of one unit.
    const again = await add(shopper, a!, 1);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ reservedQuantity: 1, stock: stockA - 1 });
    await ageLines(t.database.db, cartId, DEFAULT_HOLD.maxMinutes + 1);
    const other = await add(shopper, b!, 1);
    expect(other.json().cartItems.map((i: { productId: string }) => i.productId)).toEqual([b!.id]);
    expect(await stockOf(t.database.db, a!.id)).toBe(stockA);
  });
});
