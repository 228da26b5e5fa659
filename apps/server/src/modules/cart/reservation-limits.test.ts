/**
 * Reservations ride a rate limit per account and per client address (DESIGN.md §8), counted in
 * the database. Low limits here, so a few calls show them.
 */
import { CART_INFO } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import {
  createProduct,
  signedInShopper,
  type ProductFixture,
  type Shopper,
} from '../../../test/checkout-fixtures';

const PER_ACCOUNT = 5;
const PER_ADDRESS = 8;
const t = useTestApp({
  RESERVATIONS_PER_MINUTE_PER_ACCOUNT: String(PER_ACCOUNT),
  RESERVATIONS_PER_MINUTE_PER_ADDRESS: String(PER_ADDRESS),
});
let figure: ProductFixture;

beforeAll(async () => {
  figure = await createProduct(t.database.db, { stock: { '': 100 } });
});

const call = (who: Shopper, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
const add = (who: Shopper) =>
  call(who, 'POST', '/reserveStock', { productId: figure.id, quantity: 1 });

describe('how fast a cart can reserve', () => {
  it('is limited per account and per address, with a 429 that says how long to wait', async () => {
    const [alice, bob] = await Promise.all([
      signedInShopper(t.database.db, t.config),
      signedInShopper(t.database.db, t.config),
    ]);
    const answers = await Promise.all(Array.from({ length: PER_ACCOUNT + 2 }, () => add(alice)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(PER_ACCOUNT).fill(200),
      ...Array<number>(2).fill(429),
    ]);
    const refused = answers.find((r) => r.statusCode === 429)!;
    const body = refused.json();
    expect(body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(body.message).toBe(CART_INFO.tooManyReservations(body.retryAfterSeconds));
    expect(refused.headers['retry-after']).toBe(String(body.retryAfterSeconds));
    // A quantity change may take units too: it counts, and is refused alike.
    const set = await call(alice, 'PUT', '/cart/update', { productId: figure.id, newQuantity: 1 });
    expect(set.statusCode).toBe(429);
    // Giving units back is never limited.
    const back = await call(alice, 'POST', '/decrementReservationStock', {
      productId: figure.id,
      quantity: 1,
    });
    expect(back.statusCode).toBe(200);

    // Another account from the same address: the address has made 8 calls by now.
    expect((await add(bob)).statusCode).toBe(429);
    expect((await add(bob)).json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
