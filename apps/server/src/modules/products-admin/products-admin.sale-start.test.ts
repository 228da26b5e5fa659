/**
 * Staff set a product's sale start on the product form (limited drops, decision 166); shoppers
 * read the instant with the product, in the list and alone, and cannot set it.
 */
import { SALE_START_RULES } from '@otaku/shared';
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
  name: 'Drop Mecha',
  description: 'A figure that goes on sale at a set time.',
  price: '80',
  category: 'toys',
  toyType: 'action-figure',
  stock: '50',
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

const storedStart = async (id: string) => {
  const [row] = await t.database.db
    .select({ at: products.saleStartsAt })
    .from(products)
    .where(eq(products.id, id));
  return row?.at ? row.at.toISOString() : null;
};
const shopperSees = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json().product.saleStartsAt;
const listSees = async (id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/product/getProducts?productConstraints=${encodeURIComponent(JSON.stringify({ category: 'toys', productTypes: ['all'], price: 0, sortBy: 'popular', page: 1, searchQuery: 'Quokkazilla' }))}`,
  });
  const found = (
    res.json().currPageProducts as { productID: string; saleStartsAt: unknown }[]
  ).find((p) => p.productID === id);
  return found?.saleStartsAt;
};

describe('the sale start on the product form', () => {
  it('is set on create, moved and cleared on edit, kept by an edit that does not send it, and answered to shoppers', async () => {
    const created = await send(
      'POST',
      toy({ name: 'Quokkazilla Drop', saleStartsAt: '2030-06-01T18:00:00+09:00' }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().product.productID as string;
    expect(await storedStart(id)).toBe('2030-06-01T09:00:00.000Z');
    expect(await shopperSees(id)).toBe('2030-06-01T09:00:00.000Z');
    expect(await listSees(id)).toBe('2030-06-01T09:00:00.000Z');

    // The answers above are kept for everyone; an edit drops them, so the next read is new.
    const moved = await send(
      'PUT',
      toy({ productID: id, name: 'Quokkazilla Drop', saleStartsAt: ' 2030-06-02T10:30Z ' }),
    );
    expect(moved.statusCode).toBe(200);
    expect(await shopperSees(id)).toBe('2030-06-02T10:30:00.000Z');
    expect(await listSees(id)).toBe('2030-06-02T10:30:00.000Z');

    const same = toy({ productID: id, name: 'Quokkazilla Drop' });
    expect((await send('PUT', same)).statusCode).toBe(200);
    expect(await storedStart(id)).toBe('2030-06-02T10:30:00.000Z');

    expect((await send('PUT', { ...same, saleStartsAt: '' })).statusCode).toBe(200);
    expect(await storedStart(id)).toBeNull();
    expect(await shopperSees(id)).toBeNull();
    expect(await listSees(id)).toBeNull();
  });

  it('refuses what is not a real date and time with its zone, with the field named', async () => {
    const id = (await send('POST', toy())).json().product.productID as string;
    const cases: [string, string][] = [
      ['tomorrow', SALE_START_RULES.invalid],
      ['2030-06-01', SALE_START_RULES.invalid],
      // No zone: 18:00 of which place? Never the server's.
      ['2030-06-01T18:00', SALE_START_RULES.invalid],
      ['2030-02-30T18:00Z', SALE_START_RULES.invalid],
      ['2030-06-01T24:00Z', SALE_START_RULES.invalid],
      ['2030-06-01T18:00+25:00', SALE_START_RULES.invalid],
      ['+275760-09-13T00:00:00Z', SALE_START_RULES.invalid],
      ['9'.repeat(400), SALE_START_RULES.invalid],
      ['1999-12-31T12:00Z', SALE_START_RULES.tooEarly],
    ];
    for (const [value, message] of cases) {
      expectFieldRefused(await send('POST', toy({ saleStartsAt: value })), 'saleStartsAt', message);
      expectFieldRefused(
        await send('PUT', toy({ productID: id, saleStartsAt: value })),
        'saleStartsAt',
        message,
      );
    }
    expect(await storedStart(id)).toBeNull();
  });

  it('cannot be set by a shopper', async () => {
    const id = (await send('POST', toy())).json().product.productID as string;
    const res = await send(
      'PUT',
      toy({ productID: id, saleStartsAt: '2030-01-01T00:00Z' }),
      shopper,
    );
    expect(res.statusCode).toBe(403);
    expect(await storedStart(id)).toBeNull();
  });
});
