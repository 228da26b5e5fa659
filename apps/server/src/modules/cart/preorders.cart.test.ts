/**
 * A pre-order in the cart (decision 167): the product's stock is its pre-order allocation, held
 * by the same reservations and ceilings; the cart line carries the release date; after the
 * last pre-order day no more units are taken, checked by the cart functions themselves.
 */
import { PREORDER, type CartResponse } from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import {
  createProduct,
  shopperCalls,
  signedInShopper,
  stockOf,
} from '../../../test/checkout-fixtures';
import { useTestApp } from '../../../test/helpers';
import { day, setPreorder } from '../../../test/preorder-fixtures';

const t = useTestApp();

async function shopper() {
  const who = await signedInShopper(t.database.db, t.config);
  return {
    ...shopperCalls(t.app, who),
    setQuantity: (productId: string, newQuantity: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/cart/update',
        headers: who.headers,
        payload: { productId, variant: '', newQuantity },
      }),
  };
}

describe('adding a pre-order to the cart', () => {
  it('holds units of the allocation, and the line shows the release date', async () => {
    const figure = await createProduct(t.database.db, { stock: { '': 5 } });
    await setPreorder(t.database.db, figure.id, day(40));
    const ordinary = await createProduct(t.database.db);
    const buyer = await shopper();

    const added = await buyer.reserve(figure.id, 2);
    expect(added.statusCode).toBe(200);
    expect(added.json().stock).toBe(3);
    expect(await stockOf(t.database.db, figure.id)).toBe(3);
    expect((await buyer.reserve(ordinary.id, 1)).statusCode).toBe(200);

    const cart = (await buyer.readCart()).json<CartResponse>();
    const line = (id: string) => cart.cartItems.find((i) => i.productId === id);
    expect(line(figure.id)).toMatchObject({ itemQuantity: 2, releaseDate: day(40) });
    expect(line(ordinary.id)).toMatchObject({ itemQuantity: 1 });
    expect(line(ordinary.id)).not.toHaveProperty('releaseDate');
  });

  it('never holds more than the allocation, however many shoppers add at once', async () => {
    const figure = await createProduct(t.database.db, { stock: { '': 7 } });
    await setPreorder(t.database.db, figure.id, day(40));
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    const answers = await Promise.all(buyers.map((b) => b.reserve(figure.id, 1)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(7);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(13);
    expect(await stockOf(t.database.db, figure.id)).toBe(0);
  });

  it('is refused after the last pre-order day, with the day, and nothing is taken', async () => {
    const figure = await createProduct(t.database.db, { stock: { '': 9 } });
    await setPreorder(t.database.db, figure.id, day(40), day(1));
    const buyer = await shopper();
    expect((await buyer.reserve(figure.id, 2)).statusCode).toBe(200);

    await setPreorder(t.database.db, figure.id, day(40), day(-1));
    const refused = await buyer.reserve(figure.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message: PREORDER.closed(day(-1)),
      code: 'GENERAL_ERROR',
      stock: 7,
    });
    const more = await buyer.setQuantity(figure.id, 3);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(PREORDER.closed(day(-1)));
    expect(await stockOf(t.database.db, figure.id)).toBe(7);

    // Giving units back is never refused.
    expect((await buyer.setQuantity(figure.id, 1)).statusCode).toBe(200);
    expect(await stockOf(t.database.db, figure.id)).toBe(8);
  });

  it('takes units until the end of the last pre-order day, and again once released', async () => {
    const figure = await createProduct(t.database.db, { stock: { '': 9 } });
    await setPreorder(t.database.db, figure.id, day(40), day(0));
    const buyer = await shopper();
    expect((await buyer.reserve(figure.id, 1)).statusCode).toBe(200);

    // Released today: ordinary stock, whatever the last pre-order day said.
    await setPreorder(t.database.db, figure.id, day(0), day(-1));
    const added = await buyer.reserve(figure.id, 1);
    expect(added.statusCode).toBe(200);
    const cart = (await buyer.readCart()).json<CartResponse>();
    expect(cart.cartItems[0]).toMatchObject({ itemQuantity: 2 });
    expect(cart.cartItems[0]).not.toHaveProperty('releaseDate');
  });
});
