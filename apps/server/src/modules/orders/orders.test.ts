import { ORDER_INFO } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import {
  createProduct,
  shopperCalls,
  signedInShopper,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';

const t = useTestApp();
let figure: ProductFixture;

beforeAll(async () => {
  figure = await createProduct(t.database.db, { priceCents: 1250, stock: { '': 50 } });
});

const getOrder = (who: Shopper | null, orderID: string) =>
  t.app.inject({
    url: `/api/order/getOrder/${encodeURIComponent(orderID)}`,
    ...(who ? { headers: who.headers } : {}),
  });

/** Places a cash order of two figures for `who`; answers its orderID. */
async function placeOrder(who: Shopper): Promise<string> {
  const calls = shopperCalls(t.app, who);
  expect((await calls.reserve(figure.id, 2)).statusCode).toBe(200);
  const placed = await calls.placeCashOrder('1-2-3 Akihabara, Tokyo');
  expect(placed.statusCode).toBe(201);
  return placed.json().order.orderID as string;
}

describe('GET /api/order/getOrder/:orderID', () => {
  it('answers the owner their order: number, lines, totals and address', async () => {
    const alice = await signedInShopper(t.database.db, t.config);
    const orderID = await placeOrder(alice);

    const res = await getOrder(alice, orderID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: ORDER_INFO.fetchedOne,
      order: {
        orderID,
        status: 'pending',
        paymentMethod: 'cod',
        shippingAddress: '1-2-3 Akihabara, Tokyo',
        subtotal: 25,
        shippingCost: 5,
        discount: 0,
        finalAmount: 30,
        products: [{ productId: { _id: figure.id }, quantity: 2, price: 12.5 }],
      },
    });
    // The orderID as people may type it: any letter case.
    expect((await getOrder(alice, orderID.toLowerCase())).statusCode).toBe(200);
  });

  it("answers someone else's order as one that does not exist, and a guest 401", async () => {
    const [alice, bob] = [
      await signedInShopper(t.database.db, t.config),
      await signedInShopper(t.database.db, t.config),
    ];
    const orderID = await placeOrder(alice);

    const snoop = await getOrder(bob, orderID);
    expect(snoop.statusCode).toBe(404);
    expect(snoop.json()).toMatchObject({ success: false, message: ORDER_INFO.notFound });
    const unknown = await getOrder(bob, 'ORD-00000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(snoop.json().message);

    // Its uuid is not an orderID either: nothing but the number a shopper sees finds an order.
    const placedId = (await getOrder(alice, orderID)).json().order._id as string;
    expect((await getOrder(alice, placedId)).statusCode).toBe(404);

    expect((await getOrder(null, orderID)).statusCode).toBe(401);
  });

  it('refuses an orderID too long to be one with a 400', async () => {
    const alice = await signedInShopper(t.database.db, t.config);
    const res = await getOrder(alice, 'X'.repeat(41));
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});
