import { CART, CART_INFO, MAX_LINE_QUANTITY } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import {
  ageCart,
  DEFAULT_HOLD,
  createProduct,
  signedInShopper,
  stockOf,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';
import { sweepExpiredReservations } from './reservation-sweeper';

const t = useTestApp();
/** MAX_UNITS_PER_ITEM by default. */
const ITEM_MAX = 10;
let alice: Shopper;
let bob: Shopper;
let tee: ProductFixture;

beforeAll(async () => {
  alice = await signedInShopper(t.database.db, t.config);
  bob = await signedInShopper(t.database.db, t.config);
  tee = await createProduct(t.database.db, {
    category: 'clothes',
    priceCents: 2450,
    stock: { S: 3, M: 5, L: 0 },
  });
});

const call = (
  who: Shopper | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(who ? { headers: who.headers } : {}),
    ...(payload ? { payload } : {}),
  });

const reserve = (who: Shopper, variant: string, quantity: number, extra: object = {}) =>
  call(who, 'POST', '/reserveStock', { productId: tee.id, variant, quantity, ...extra });

const clear = (who: Shopper) => call(who, 'DELETE', '/cart/clear');

describe('POST /api/reserveStock', () => {
  it('reserves units, answers the stock left and the line priced from the database', async () => {
    const res = await reserve(alice, 'M', 2, { price: 0.01, name: 'Free shirt' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: CART_INFO.added,
      reservedQuantity: 2,
      stock: 3,
    });
    expect(body.cartItems).toEqual([
      {
        _id: tee.id,
        productId: tee.id,
        name: tee.name,
        image: `/uploads/products/${tee.id}-400.webp`,
        price: 24.5,
        itemQuantity: 2,
        selectedVariant: 'M',
        category: 'clothes',
      },
    ]);
    expect(Date.parse(body.heldUntil) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(body).toMatchObject({
      reservationTtlMinutes: 30,
      reservationMaxMinutes: 120,
      maxUnitsPerItem: 10,
      maxUnitsPerCart: 30,
    });
    expect(await stockOf(t.database.db, tee.id, 'M')).toBe(3);
  });

  it('adds to the same line when the product and variant match', async () => {
    const res = await reserve(alice, 'M', 1);
    expect(res.json()).toMatchObject({ reservedQuantity: 3, stock: 2 });
    expect(res.json().cartItems).toHaveLength(1);
  });

  it('answers 409 OUT_OF_STOCK with stock 0 when nothing is left', async () => {
    const res = await reserve(bob, 'L', 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: CART.outOfStock,
      code: 'OUT_OF_STOCK',
      stock: 0,
    });
  });

  it('answers 409 CONCURRENT_MODIFICATION with stock -1 when fewer units are left', async () => {
    const res = await reserve(bob, 'M', 3);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: CART_INFO.onlyLeft(2),
      code: 'CONCURRENT_MODIFICATION',
      stock: -1,
      available: 2,
    });
    expect(await stockOf(t.database.db, tee.id, 'M')).toBe(2);
  });

  it(`keeps an item at MAX_UNITS_PER_ITEM (${ITEM_MAX}) units, taking nothing from stock past it`, async () => {
    const poster = await createProduct(t.database.db, { priceCents: 500, stock: { '': 500 } });
    const add = (quantity: number) =>
      call(bob, 'POST', '/reserveStock', { productId: poster.id, quantity });
    expect((await add(ITEM_MAX - 1)).json()).toMatchObject({ reservedQuantity: ITEM_MAX - 1 });
    const past = await add(2);
    expect(past.statusCode).toBe(409);
    expect(past.json()).toEqual({
      success: false,
      message: CART_INFO.lineLimit(ITEM_MAX, ITEM_MAX - 1),
      code: 'GENERAL_ERROR',
      stock: 500 - (ITEM_MAX - 1),
    });
    expect((await add(1)).json()).toMatchObject({ reservedQuantity: ITEM_MAX });
    expect(await stockOf(t.database.db, poster.id)).toBe(500 - ITEM_MAX);
    // No cart call takes more than MAX_LINE_QUANTITY at once, whatever the shop's ceiling.
    const tooMany = await add(MAX_LINE_QUANTITY + 1);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(CART_INFO.lineLimit(MAX_LINE_QUANTITY, 0));
    const plusOne = await call(bob, 'PUT', '/cart/update', {
      productId: poster.id,
      newQuantity: MAX_LINE_QUANTITY + 1,
    });
    expect(plusOne.statusCode).toBe(400);
    expect(plusOne.json().message).toBe(CART_INFO.lineLimit(MAX_LINE_QUANTITY, 0));
    await call(bob, 'DELETE', '/cart/clear');
  });

  it('answers 404 for a variant the product does not have', async () => {
    const res = await reserve(bob, 'XXL', 1);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: CART_INFO.variantNotFound });
  });

  it("refuses to touch another user's cart", async () => {
    const other = await reserve(bob, 'S', 1, { cartId: `user_${alice.id}` });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ message: CART_INFO.wrongCart });
    const byUserId = await reserve(bob, 'S', 1, { userId: alice.id });
    expect(byUserId.statusCode).toBe(403);
    expect(await stockOf(t.database.db, tee.id, 'S')).toBe(3);
  });
});

describe('POST /api/cart', () => {
  it("shows only the caller's own cart, whatever userId is sent", async () => {
    const res = await call(bob, 'POST', '/cart', { userId: alice.id });
    expect(res.statusCode).toBe(403);
    const own = await call(bob, 'POST', '/cart', {});
    expect(own.json()).toMatchObject({ success: true, message: CART_INFO.loaded, cartItems: [] });
    const hers = await call(alice, 'POST', '/cart');
    expect(hers.json().cartItems).toHaveLength(1);
  });
});

describe('changing quantities', () => {
  it('PUT /api/cart/update reserves or releases the difference, 0 removes the line', async () => {
    let res = await call(alice, 'PUT', '/cart/update', {
      productId: tee.id,
      variant: 'M',
      newQuantity: 5,
    });
    expect(res.json()).toMatchObject({ message: CART_INFO.updated, reservedQuantity: 5, stock: 0 });
    res = await call(alice, 'PUT', '/cart/update', {
      productId: tee.id,
      variant: 'M',
      newQuantity: 6,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK', stock: 0 });
    res = await call(alice, 'PUT', '/cart/update', {
      productId: tee.id,
      variant: 'M',
      newQuantity: 1,
    });
    expect(res.json()).toMatchObject({ reservedQuantity: 1, stock: 4 });
    res = await call(alice, 'PUT', '/cart/update', {
      productId: tee.id,
      variant: 'M',
      newQuantity: 0,
    });
    expect(res.json()).toMatchObject({ cartItems: [], stock: 5 });
  });

  it("answers 'Item not found in cart' for a line the caller does not have", async () => {
    await reserve(alice, 'S', 2);
    for (const [method, url, payload] of [
      ['PUT', '/cart/update', { productId: tee.id, variant: 'S', newQuantity: 1 }],
      ['DELETE', '/cart/remove', { productId: tee.id, variant: 'S' }],
      ['POST', '/decrementReservationStock', { productId: tee.id, variant: 'S', quantity: 1 }],
    ] as const) {
      const res = await call(bob, method, url, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: CART.itemNotFound });
    }
    // Alice's line is untouched by Bob's attempts.
    expect((await call(alice, 'POST', '/cart')).json().cartItems[0].itemQuantity).toBe(2);
    expect(await stockOf(t.database.db, tee.id, 'S')).toBe(1);
  });

  it('POST /api/decrementReservationStock never goes below 0', async () => {
    const res = await call(alice, 'POST', '/decrementReservationStock', {
      productId: tee.id,
      variant: 'S',
      quantity: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: CART_INFO.decremented,
      reservedQuantity: 0,
      stock: 3,
    });
    expect(res.json().cartItems).toEqual([]);
  });

  it('DELETE /api/cart/remove gives the units back', async () => {
    await reserve(alice, 'S', 2);
    const res = await call(alice, 'DELETE', '/cart/remove', { productId: tee.id, variant: 'S' });
    expect(res.json()).toMatchObject({ success: true, message: CART_INFO.removed, cartItems: [] });
    expect(await stockOf(t.database.db, tee.id, 'S')).toBe(3);
  });

  it('DELETE /api/cart/clear gives every unit back', async () => {
    await reserve(alice, 'S', 1);
    await reserve(alice, 'M', 4);
    const res = await clear(alice);
    expect(res.json()).toMatchObject({
      success: true,
      message: CART_INFO.cleared,
      cartItems: [],
      heldUntil: null,
    });
    expect(await stockOf(t.database.db, tee.id, 'S')).toBe(3);
    expect(await stockOf(t.database.db, tee.id, 'M')).toBe(5);
  });
});

describe('simultaneous requests', () => {
  it('let exactly the available units through; the others get the 409 body the web app reads', async () => {
    const racers = await Promise.all(
      Array.from({ length: 40 }, () => signedInShopper(t.database.db, t.config)),
    );
    const figure = await createProduct(t.database.db, { stock: { '': 10 } });
    const responses = await Promise.all(
      racers.map((who) =>
        call(who, 'POST', '/reserveStock', { productId: figure.id, variant: '', quantity: 1 }),
      ),
    );
    const won = responses.filter((r) => r.statusCode === 200);
    const lost = responses.filter((r) => r.statusCode !== 200);
    expect(won).toHaveLength(10);
    for (const res of lost) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: CART.outOfStock,
        code: 'OUT_OF_STOCK',
        stock: 0,
      });
    }
    expect(await stockOf(t.database.db, figure.id)).toBe(0);
  });
});

describe('simultaneous adds to one line', () => {
  it(`keep it at ${ITEM_MAX} at most, taking stock only for what it holds`, async () => {
    // Two tabs of one shopper adding at once: each add must count the line as the other left it.
    const shopper = await signedInShopper(t.database.db, t.config);
    const poster = await createProduct(t.database.db, { stock: { '': 500 } });
    const part = Math.ceil((ITEM_MAX + 1) / 2);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(shopper, 'POST', '/reserveStock', { productId: poster.id, quantity: part }),
      ),
    );
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: CART_INFO.lineLimit(ITEM_MAX, part),
        code: 'GENERAL_ERROR',
        stock: 500 - part,
      });
    }
    const cart = (await call(shopper, 'POST', '/cart')).json();
    expect(cart.cartItems.map((i: { itemQuantity: number }) => i.itemQuantity)).toEqual([part]);
    expect(await stockOf(t.database.db, poster.id)).toBe(500 - part);
  });
});

describe('reservations of an idle cart', () => {
  it('go back to stock after RESERVATION_TTL_MINUTES, and only then', async () => {
    await reserve(bob, 'M', 2);
    expect(await sweepExpiredReservations(t.database.db, DEFAULT_HOLD)).toEqual({
      carts: 0,
      units: 0,
    });
    await ageCart(t.database.db, `user_${bob.id}`, 31);
    expect(await sweepExpiredReservations(t.database.db, DEFAULT_HOLD)).toEqual({
      carts: 1,
      units: 2,
    });
    expect(await stockOf(t.database.db, tee.id, 'M')).toBe(5);
    expect((await call(bob, 'POST', '/cart')).json().cartItems).toEqual([]);
  });
});
