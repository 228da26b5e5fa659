/**
 * Staff set a product's limit per customer on the product form (decision 140); shoppers see it
 * with the product and cannot set it.
 */
import { DASHBOARD_RULES, LIMIT_PER_CUSTOMER_MAX } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldRefused } from '../../../test/field-errors';
import { useTestApp } from '../../../test/helpers';
import { createAccount, multipart, pngImage, type TestAccount } from '../../../test/staff';
import { products } from '../../db/schema/index';

const t = useTestApp();
let admin: TestAccount;
let shopper: TestAccount;
let png: Buffer;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  shopper = await createAccount(t.database, t.config.jwtSecret, 'user');
  png = await pngImage();
});

const toy = (overrides: Record<string, string | undefined> = {}) => ({
  name: 'Limited Mecha',
  description: 'A numbered edition.',
  price: '80',
  category: 'toys',
  toyType: 'action-figure',
  stock: '20',
  ...overrides,
});

async function send(
  method: 'POST' | 'PUT',
  fields: Record<string, string | undefined>,
  account: TestAccount = admin,
) {
  const url = method === 'POST' ? '/api/product/createProduct' : '/api/product/updateProduct';
  const body = await multipart({
    ...fields,
    image: method === 'POST' ? { name: 'a.png', type: 'image/png', data: png } : undefined,
  });
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...account.headers },
  });
}

const limitOf = async (id: string) => {
  const [row] = await t.database.db
    .select({ limit: products.limitPerCustomer })
    .from(products)
    .where(eq(products.id, id));
  return row?.limit;
};
const shopperSees = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json().product
    .limitPerCustomer;

describe('the limit per customer on the product form', () => {
  it('is set on create, changed and cleared on edit, and kept by an edit that does not send it', async () => {
    const created = await send('POST', toy({ limitPerCustomer: '2' }));
    expect(created.statusCode).toBe(201);
    const id = created.json().product.productID as string;
    expect(await limitOf(id)).toBe(2);
    expect(await shopperSees(id)).toBe(2);

    expect((await send('PUT', toy({ productID: id, limitPerCustomer: ' 5 ' }))).statusCode).toBe(
      200,
    );
    expect(await limitOf(id)).toBe(5);
    expect((await send('PUT', toy({ productID: id }))).statusCode).toBe(200);
    expect(await limitOf(id)).toBe(5);
    expect((await send('PUT', toy({ productID: id, limitPerCustomer: '' }))).statusCode).toBe(200);
    expect(await limitOf(id)).toBeNull();
    expect(await shopperSees(id)).toBeNull();
  });

  it('refuses what is not a whole number from 1 to the maximum, with the field named', async () => {
    const id = (await send('POST', toy())).json().product.productID as string;
    expect(await limitOf(id)).toBeNull();
    const cases: [string, string][] = [
      ['0', DASHBOARD_RULES.limitTooLow],
      ['-3', DASHBOARD_RULES.limitTooLow],
      ['2.5', DASHBOARD_RULES.limitNotWhole],
      ['ten', DASHBOARD_RULES.limitNotANumber],
      ['1e3', DASHBOARD_RULES.limitNotANumber],
      [String(LIMIT_PER_CUSTOMER_MAX + 1), DASHBOARD_RULES.limitTooHigh],
      ['9'.repeat(400), DASHBOARD_RULES.limitTooHigh],
    ];
    for (const [value, message] of cases) {
      expectFieldRefused(
        await send('POST', toy({ limitPerCustomer: value })),
        'limitPerCustomer',
        message,
      );
      expectFieldRefused(
        await send('PUT', toy({ productID: id, limitPerCustomer: value })),
        'limitPerCustomer',
        message,
      );
    }
    expect(await limitOf(id)).toBeNull();
  });

  it('cannot be set by a shopper', async () => {
    const id = (await send('POST', toy())).json().product.productID as string;
    const res = await send('PUT', toy({ productID: id, limitPerCustomer: '1' }), shopper);
    expect(res.statusCode).toBe(403);
    expect(await limitOf(id)).toBeNull();
  });
});
