import { DASHBOARD_RULES } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldRefused } from '../../../test/field-errors';
import { createAccount, type TestAccount } from '../../../test/staff';
import { useTestApp } from '../../../test/helpers';
import { coupons } from '../../db/schema/index';

const t = useTestApp();
let admin: TestAccount;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
});

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: admin.headers, payload });
const create = (body: object) =>
  call('POST', '/api/coupon/createCoupon', {
    couponCode: 'LIMITS',
    discountPercentage: 10,
    expiryDate: '2030-01-01',
    ...body,
  });
const couponCount = async () => (await t.database.db.select().from(coupons)).length;

describe('coupon numbers and dates', () => {
  it.each(['0x1e', '0x14', '0b11', '1e1', 'Infinity'])(
    'refuses the discount %j with a field message',
    async (discountPercentage) => {
      const res = await create({ discountPercentage });
      expectFieldRefused(res, 'discountPercentage', DASHBOARD_RULES.discountNotANumber);
    },
  );

  it.each([
    '2027-02-31',
    '2027-04-31',
    '+020000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00.000Z',
    '20000-01-01',
  ])('refuses the expiry date %j instead of rolling it over', async (expiryDate) => {
    const before = await couponCount();
    expectFieldRefused(await create({ expiryDate }), 'expiryDate', DASHBOARD_RULES.expiryInvalid);
    expect(await couponCount()).toBe(before);
  });

  it('refuses an impossible date on edit too, and takes a leap day', async () => {
    const created = await create({ couponCode: 'LEAPDAY', discountPercentage: '15' });
    expect(created.statusCode).toBe(201);
    const id = created.json().coupon._id as string;
    const bad = await call('PUT', `/api/coupon/update/${id}`, {
      discountPercentage: 15,
      expiryDate: '2030-02-29',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('expiryDate');
    const leap = await call('PUT', `/api/coupon/update/${id}`, {
      discountPercentage: 15,
      expiryDate: '2032-02-29',
    });
    expect(leap.statusCode).toBe(200);
    expect(leap.json().coupon.expiryDate).toBe('2032-02-29T23:59:59.999Z');
  });
});
