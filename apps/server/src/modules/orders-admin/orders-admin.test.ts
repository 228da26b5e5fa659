import { DASHBOARD, DASHBOARD_RULES } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, insertOrder, type TestAccount } from '../../../test/staff';
import { useTestApp } from '../../../test/helpers';
import { eq } from 'drizzle-orm';
import { orderLines, products, productVariants } from '../../db/schema/index';

const t = useTestApp();
let admin: TestAccount;
let shopper: TestAccount;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  shopper = await createAccount(t.database, t.config.jwtSecret, 'user');
});

const call = (
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  who: TestAccount | null,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });

describe('staff order calls', () => {
  it('lists orders newest first in pages of 20', async () => {
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 23; i++)
      await insertOrder(t.database, shopper, { createdAt: new Date(base + i * 60_000) });
    const first = (
      await call('GET', '/api/order/allOrdersList?currPage=1&email=x@y.z', admin)
    ).json();
    expect(first.success).toBe(true);
    expect(first.currPageOrders).toHaveLength(20);
    expect(first.totalOrders).toBe(23);
    expect(first.totalPages).toBe(2);
    const dates = first.currPageOrders.map((o: { createdAt: string }) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.currPageOrders[0]).toMatchObject({
      user: { username: shopper.username, email: shopper.email },
      finalAmount: 25,
      shippingCost: 5,
      couponCode: null,
      products: [
        {
          productId: { name: 'Test Figure', image: '/uploads/products/TOY-000000-400.webp' },
          quantity: 2,
          price: 10,
        },
      ],
    });
    const second = (await call('GET', '/api/order/allOrdersList?currPage=2', admin)).json();
    expect(second.currPageOrders).toHaveLength(3);
    const past = (await call('GET', '/api/order/allOrdersList?currPage=3', admin)).json();
    expect(past).toMatchObject({ currPageOrders: [], totalOrders: 23, totalPages: 2 });
  });

  it("shows each order's own lines, by product name, and an order without lines", async () => {
    const order = await insertOrder(t.database, shopper, {
      createdAt: new Date(Date.UTC(2030, 0, 2)),
    });
    await t.database.db.insert(orderLines).values(
      ['Zeta Scarf', 'Alpha Mug'].map((productName, i) => ({
        orderId: order.id,
        productName,
        productImage: `/uploads/products/CLO-00000${i}`,
        variant: 'M',
        quantity: 1,
        priceCents: 1234,
      })),
    );
    const bare = await insertOrder(t.database, shopper, {
      createdAt: new Date(Date.UTC(2030, 0, 1)),
    });
    await t.database.db.delete(orderLines).where(eq(orderLines.orderId, bare.id));
    const [newest, next] = (await call('GET', '/api/order/allOrdersList?currPage=1', admin)).json()
      .currPageOrders;
    expect(newest._id).toBe(order.id);
    expect(newest.products.map((p: { productId: { name: string } }) => p.productId.name)).toEqual([
      'Alpha Mug',
      'Test Figure',
      'Zeta Scarf',
    ]);
    expect(newest.products[0]).toMatchObject({ variant: 'M', quantity: 1, price: 12.34 });
    expect(next).toMatchObject({ _id: bare.id, products: [] });
  });

  it('counts orders by status and changes a status', async () => {
    const order = await insertOrder(t.database, shopper);
    const before = (await call('GET', '/api/order/orderStats', admin)).json().stats;
    const res = await call('PUT', `/api/order/update/${order.id}`, admin, { status: 'shipped' });
    expect(res.json()).toEqual({ success: true, message: DASHBOARD.orderUpdated });
    const after = (await call('GET', '/api/order/orderStats', admin)).json().stats;
    expect(after.shipped).toBe(before.shipped + 1);
    expect(after.pending).toBe(before.pending - 1);
    const byNumber = await call('PUT', `/api/order/update/${order.orderNumber}`, admin, {
      status: 'delivered',
    });
    expect(byNumber.statusCode).toBe(200);
  });

  it('refuses an unknown status and an unknown order', async () => {
    const order = await insertOrder(t.database, shopper);
    const bad = await call('PUT', `/api/order/update/${order.id}`, admin, { status: 'lost' });
    expect(bad.statusCode).toBe(400);
    const missing = await call('PUT', '/api/order/update/ORD-NOPE', admin, { status: 'shipped' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(DASHBOARD_RULES.orderNotFound);
  });

  it('deletes an order', async () => {
    const order = await insertOrder(t.database, shopper);
    const res = await call('DELETE', `/api/order/delete/${order.id}`, admin);
    expect(res.json()).toEqual({ success: true, message: DASHBOARD.orderDeleted });
    expect((await call('DELETE', `/api/order/delete/${order.id}`, admin)).statusCode).toBe(404);
  });

  it('reports 30 days of cash and card revenue', async () => {
    await insertOrder(t.database, shopper, { paymentMethod: 'card', totalCents: 1999 });
    const { days } = (await call('GET', '/api/order/revenue', admin)).json();
    expect(days).toHaveLength(30);
    const today = days.at(-1);
    expect(today.date).toBe(new Date().toISOString().slice(0, 10));
    expect(today.card).toBeGreaterThanOrEqual(19.99);
    expect(today.cash).toBeGreaterThan(0);
  });

  it('lists low stock variants', async () => {
    await t.database.db.insert(products).values({
      id: 'TOY-LOW001',
      name: 'Nearly Gone Car',
      description: 'x',
      priceCents: 100,
      category: 'toys',
      image: '/uploads/products/TOY-LOW001',
    });
    await t.database.db
      .insert(productVariants)
      .values({ productId: 'TOY-LOW001', variant: '', stock: 1 });
    const { items } = (await call('GET', '/api/product/lowStock', admin)).json();
    expect(items).toContainEqual({
      productID: 'TOY-LOW001',
      name: 'Nearly Gone Car',
      category: 'toys',
      variant: '',
      stock: 1,
    });
  });
});
