import { randomBytes } from 'node:crypto';
import {
  DASHBOARD_RULES,
  INPUT_RULES,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_FORM,
  STOCK_MAX,
  VARIANT_MAX_LENGTH,
} from '@otaku/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldRefused } from '../../../test/field-errors';
import { createAccount, multipart, pngImage, type TestAccount } from '../../../test/staff';
import { useTestApp } from '../../../test/helpers';
import { products, productVariants } from '../../db/schema/index';

const t = useTestApp();
let admin: TestAccount;
let png: Buffer;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  png = await pngImage();
});

const toy = (overrides: Record<string, string | undefined> = {}) => ({
  name: 'Limit Racer',
  description: 'A die-cast car.',
  price: '10.00',
  category: 'toys',
  toyType: 'car',
  stock: '5',
  ...overrides,
});

async function send(method: 'POST' | 'PUT', fields: Record<string, string | undefined>) {
  const url = method === 'POST' ? '/api/product/createProduct' : '/api/product/updateProduct';
  const body = await multipart({
    ...fields,
    image: method === 'POST' ? { name: 'toy.png', type: 'image/png', data: png } : undefined,
  });
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...admin.headers },
  });
}

async function createToy(overrides: Record<string, string> = {}): Promise<string> {
  const res = await send('POST', toy(overrides));
  expect(res.statusCode).toBe(201);
  return res.json().product.productID as string;
}

const update = (id: string, overrides: Record<string, string | undefined>) =>
  send('PUT', toy({ productID: id, image: `/uploads/products/${id}-400.webp`, ...overrides }));

const productCount = async () => (await t.database.db.select().from(products)).length;

describe('product names', () => {
  it('refuses a name over 120 characters on create and update with a field message', async () => {
    const before = await productCount();
    const name = randomBytes(1500).toString('hex');
    await expectFieldRefused(
      await send('POST', toy({ name })),
      'name',
      DASHBOARD_RULES.nameTooLong,
    );
    expect(await productCount()).toBe(before);
    const id = await createToy();
    await expectFieldRefused(await update(id, { name }), 'name', DASHBOARD_RULES.nameTooLong);
    await expectFieldRefused(
      await update(id, { name: 'x'.repeat(100_000) }),
      'name',
      DASHBOARD_RULES.nameTooLong,
    );
    expect((await update(id, { name: 'n'.repeat(120) })).statusCode).toBe(200);
  });

  it('refuses control and direction-changing characters in the name', async () => {
    for (const name of ['QA\u0007\u001bToy\u202e', 'Toy\u2066', 'Two\nLines']) {
      await expectFieldRefused(
        await send('POST', toy({ name })),
        'name',
        INPUT_RULES.controlCharacters('Product name'),
      );
    }
  });
});

describe('product descriptions', () => {
  it('refuses a description over 2,000 characters on create and update', async () => {
    const before = await productCount();
    const description = 'd'.repeat(PRODUCT_DESCRIPTION_MAX_LENGTH + 1);
    await expectFieldRefused(
      await send('POST', toy({ description })),
      'description',
      DASHBOARD_RULES.descriptionTooLong,
    );
    await expectFieldRefused(
      await send('POST', toy({ description: 'd'.repeat(900_000) })),
      'description',
      DASHBOARD_RULES.descriptionTooLong,
    );
    expect(await productCount()).toBe(before);
    const id = await createToy({ description: 'd'.repeat(PRODUCT_DESCRIPTION_MAX_LENGTH) });
    await expectFieldRefused(
      await update(id, { description }),
      'description',
      DASHBOARD_RULES.descriptionTooLong,
    );
  });

  it('has a description saved before the limit shortened at its next edit', async () => {
    const id = await createToy();
    const old = 'An old, very long description. '.repeat(200).trim();
    await t.database.db.update(products).set({ description: old }).where(eq(products.id, id));
    await expectFieldRefused(
      await update(id, { description: old, name: 'Renamed Racer' }),
      'description',
      DASHBOARD_RULES.descriptionTooLong,
    );
    const [kept] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(kept!.name).toBe('Limit Racer');
    expect((await update(id, { description: old.slice(0, 2_000) })).statusCode).toBe(200);
  });

  it('keeps line breaks in a description', async () => {
    const id = await createToy({ description: 'First line.\nSecond line.' });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    // A form sends a line break as CRLF.
    expect(row!.description).toMatch(/^First line\.\r?\nSecond line\.$/);

    // A line break counts once towards the limit, though it comes as two characters.
    const lines = Array.from({ length: 1_000 }, () => 'd').join('\r\n');
    expect((await send('POST', toy({ description: lines }))).statusCode).toBe(201);
  });
});

describe('comic volumes', () => {
  it('refuses a volume longer than the cart takes', async () => {
    const volume = `V${'1'.repeat(VARIANT_MAX_LENGTH + 4)}`;
    const res = await send(
      'POST',
      toy({
        category: 'comics',
        toyType: undefined,
        genres: 'action',
        volumes: volume,
        stock: JSON.stringify({ [volume]: 10 }),
      }),
    );
    await expectFieldRefused(res, 'volumes', DASHBOARD_RULES.volumeTooLong(volume));
  });
});

describe('prices', () => {
  it.each([
    ['0x10', DASHBOARD_RULES.priceInvalid],
    ['0b11', DASHBOARD_RULES.priceInvalid],
    ['1e1', DASHBOARD_RULES.priceInvalid],
    ['1e20', DASHBOARD_RULES.priceInvalid],
    ['0.004', DASHBOARD_RULES.priceDecimals],
    ['0.001', DASHBOARD_RULES.priceDecimals],
    ['0', DASHBOARD_RULES.priceTooLow],
    ['100000000000000000000', DASHBOARD_RULES.priceTooHigh],
    ['', PRODUCT_FORM.priceRequired],
  ])('refuses %j', async (price, message) => {
    await expectFieldRefused(await send('POST', toy({ price })), 'price', message);
  });

  it('stores a plain price in cents', async () => {
    const id = await createToy({ price: '0.01' });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row!.priceCents).toBe(1);
  });
});

describe('stock', () => {
  const stockOf = async (id: string) =>
    (
      await t.database.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, id))
    )[0]!.stock;

  it.each([
    // Read as JSON, 1e10 is a number: too many units rather than not a number.
    ['1e10', DASHBOARD_RULES.stockTooHigh],
    ['"0x10"', PRODUCT_FORM.notANumber],
    ['10000000000', DASHBOARD_RULES.stockTooHigh],
    [String(STOCK_MAX + 1), DASHBOARD_RULES.stockTooHigh],
  ])('refuses a stock of %s', async (stock, message) => {
    await expectFieldRefused(await send('POST', toy({ stock })), 'stock.', message);
  });

  it('refuses a change that would take the stock past the maximum, and keeps the stock', async () => {
    const id = await createToy({ stock: String(STOCK_MAX - 10) });
    const res = await update(id, { stock: String(STOCK_MAX), stockSeen: '0' });
    await expectFieldRefused(res, 'stock.', DASHBOARD_RULES.stockChangeTooHigh(''));
    expect(await stockOf(id)).toBe(STOCK_MAX - 10);
    // Within the limit the change applies, as decision 110 says.
    expect((await update(id, { stock: '10', stockSeen: '0' })).statusCode).toBe(200);
    expect(await stockOf(id)).toBe(STOCK_MAX);
  });

  it('does not overflow when an old stock is already beyond the maximum', async () => {
    const id = await createToy();
    await t.database.db
      .update(productVariants)
      .set({ stock: 2_000_000_000 })
      .where(eq(productVariants.productId, id));
    const rise = await update(id, { stock: String(STOCK_MAX), stockSeen: '0' });
    await expectFieldRefused(rise, 'stock.', DASHBOARD_RULES.stockChangeTooHigh(''));
    // Lowering it, or leaving it alone, still saves.
    expect((await update(id, { stock: '0', stockSeen: '2000000000' })).statusCode).toBe(200);
    expect(await stockOf(id)).toBe(0);
  });

  it('refuses a stockSeen beyond what a stock can hold', async () => {
    const id = await createToy();
    const res = await update(id, { stockSeen: '1e20' });
    await expectFieldRefused(res, 'stockSeen', DASHBOARD_RULES.stockInvalidJson);
  });
});
