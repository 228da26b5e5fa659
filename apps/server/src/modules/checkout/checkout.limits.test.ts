import { COUPON, INPUT_RULES, PAYMENT_INFO, VALIDATION } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldRefused } from '../../../test/field-errors';
import { useTestApp } from '../../../test/helpers';
import { signedInShopper, type Shopper } from '../../../test/checkout-fixtures';

const t = useTestApp();
let shopper: Shopper;

beforeAll(async () => {
  shopper = await signedInShopper(t.database.db, t.config);
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: shopper.headers });

/** A 400 whose message says what is wrong with the field. */
const expectMessage = async (
  res: Promise<{ statusCode: number; json: () => unknown }>,
  message: string,
  field: string,
) => expectFieldRefused(await res, field, message);

describe('messages for values that are present but wrong', () => {
  const tooLong = 'a'.repeat(501);

  it('an over-long delivery address is too long, not missing', async () => {
    await expectMessage(
      post('/order/placeOrder', { paymentMethod: 'cod', deliveryAddress: tooLong }),
      INPUT_RULES.deliveryAddressTooLong,
      'deliveryAddress',
    );
    await expectMessage(
      post('/test/create-checkout-session', { paymentData: { deliveryAddress: tooLong } }),
      INPUT_RULES.deliveryAddressTooLong,
      'paymentData.deliveryAddress',
    );
    await expectMessage(
      post('/order/placeOrder', { paymentMethod: 'cod', deliveryAddress: ' ' }),
      VALIDATION.deliveryAddressRequired,
      'deliveryAddress',
    );
  });

  it('refuses control characters in a delivery address', async () => {
    await expectMessage(
      post('/order/placeOrder', { paymentMethod: 'cod', deliveryAddress: '1 Main\u0007St' }),
      INPUT_RULES.controlCharacters('Delivery address'),
      'deliveryAddress',
    );
  });

  it('a coupon code longer than any code is invalid, not missing', async () => {
    await expectMessage(
      post('/coupon/verify', { couponCode: 'A'.repeat(41) }),
      COUPON.invalid,
      'couponCode',
    );
  });

  it('a repeated search parameter is not a string, not too short', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search/products?data=ab&data=cd' });
    expectFieldRefused(res, 'data', 'data must be a string');
  });

  it('a checkout session id this shop never makes is a session not found', async () => {
    for (const url of ['/api/test/checkout/cs_test_%00abcdefghijk', '/api/test/checkout/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PAYMENT_INFO.sessionNotFound);
    }
  });
});
