import { COUPON_INFO, DASHBOARD, DASHBOARD_RULES } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, insertOrder, type TestAccount } from '../../../test/staff';
import { useTestApp } from '../../../test/helpers';
import { couponUses } from '../../db/schema/index';

const t = useTestApp();
let admin: TestAccount;
let shopper: TestAccount;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  shopper = await createAccount(t.database, t.config.jwtSecret, 'user');
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: TestAccount | null,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const create = (body: object) => call('POST', '/api/coupon/createCoupon', admin, body);

describe('staff coupon calls', () => {
  it('creates a coupon, upper-cased, and refuses the same code again', async () => {
    const res = await create({
      email: 'ignored@example.com',
      couponCode: 'spring-25',
      discountPercentage: '25',
      expiryDate: inDays(10),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: DASHBOARD.couponCreated,
      coupon: { couponCode: 'SPRING-25', discountPercentage: 25, status: 'Active', usageCount: 0 },
    });
    const again = await create({
      couponCode: 'Spring-25',
      discountPercentage: 5,
      expiryDate: inDays(2),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DASHBOARD_RULES.couponCodeTaken);
  });

  it.each([
    [{ discountPercentage: 10, expiryDate: inDays(2) }, DASHBOARD_RULES.couponCodeRequired],
    [{ couponCode: 'A', expiryDate: inDays(2) }, DASHBOARD_RULES.discountRequired],
    [
      { couponCode: 'A', discountPercentage: 0, expiryDate: inDays(2) },
      DASHBOARD_RULES.discountRange,
    ],
    [
      { couponCode: 'A', discountPercentage: 101, expiryDate: inDays(2) },
      DASHBOARD_RULES.discountRange,
    ],
    [{ couponCode: 'A', discountPercentage: 10 }, DASHBOARD_RULES.expiryRequired],
    [
      { couponCode: 'A', discountPercentage: 10, expiryDate: 'soon' },
      DASHBOARD_RULES.expiryInvalid,
    ],
    [
      { couponCode: 'A', discountPercentage: 10, expiryDate: inDays(-1) },
      DASHBOARD_RULES.expiryPast,
    ],
  ])('refuses %j', async (body, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('edits, lists with status and usage, reports stats and deletes', async () => {
    const { coupon } = (
      await create({ couponCode: 'EDITME', discountPercentage: 10, expiryDate: inDays(5) })
    ).json();
    const edit = await call('PUT', `/api/coupon/update/${coupon._id}`, admin, {
      couponCode: 'HIJACK',
      discountPercentage: 40,
      expiryDate: inDays(20),
    });
    expect(edit.json()).toMatchObject({
      message: DASHBOARD.couponUpdated,
      coupon: { couponCode: 'EDITME', discountPercentage: 40 },
    });

    const order = await insertOrder(t.database, shopper, {
      couponCode: 'EDITME',
      discountCents: 800,
    });
    await t.database.db
      .insert(couponUses)
      .values({ couponId: coupon._id, userId: shopper.id, orderId: order.id, discountCents: 800 });

    const list = (await call('GET', '/api/coupon/allCoupons?currPage=1', admin)).json();
    expect(list.totalCoupons).toBeGreaterThanOrEqual(1);
    expect(list.allCoupons.find((c: { _id: string }) => c._id === coupon._id)).toMatchObject({
      usageCount: 1,
      status: 'Active',
    });
    const stats = (await call('GET', '/api/coupon/stats', admin)).json().stats;
    expect(stats.totalUsage).toBeGreaterThanOrEqual(1);
    expect(stats.totalDiscount).toBeGreaterThanOrEqual(8);
    expect(stats.activeCoupons).toBeGreaterThanOrEqual(1);

    // A date already past ends the coupon at once; a later edit can bring it back.
    const ended = await call('PUT', `/api/coupon/update/${coupon._id}`, admin, {
      discountPercentage: 40,
      expiryDate: inDays(-1),
    });
    expect(ended.json().coupon).toMatchObject({ status: 'Expired' });
    const verify = () =>
      call('POST', '/api/coupon/verify', shopper, { couponCode: 'editme', userEmail: 'x@y.z' });
    expect((await verify()).json().message).toBe(COUPON_INFO.expired);
    await call('PUT', `/api/coupon/update/${coupon._id}`, admin, {
      discountPercentage: 40,
      expiryDate: inDays(3),
    });
    expect((await verify()).json().message).toBe(COUPON_INFO.alreadyUsed);

    const del = await call('DELETE', `/api/coupon/delete/${coupon._id}`, admin);
    expect(del.json()).toEqual({ success: true, message: DASHBOARD.couponDeleted });
    expect((await call('DELETE', `/api/coupon/delete/${coupon._id}`, admin)).statusCode).toBe(404);
  });
});
