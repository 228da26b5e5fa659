/**
 * Staff make a product a pre-order on the product form (decision 167): a release date ahead,
 * an optional last pre-order day before it; an edit that does not send them keeps them, an
 * empty value clears them, and a date left as it was is not refused for coming closer.
 */
import { PREORDER_RULES, RELEASE_YEARS_AHEAD } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldRefused } from '../../../test/field-errors';
import { useTestApp } from '../../../test/helpers';
import { day } from '../../../test/preorder-fixtures';
import { createAccount, multipart, pngImage, type TestAccount } from '../../../test/staff';
import { products } from '../../db/schema/index';

const t = useTestApp();
let admin: TestAccount;
let png: Buffer;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  png = await pngImage();
});

const toy = (overrides: Record<string, string | undefined> = {}) => ({
  name: 'Mecha Pilot, first run',
  description: 'Ships on its release day.',
  price: '120',
  category: 'toys',
  toyType: 'action-figure',
  stock: '50',
  ...overrides,
});

async function send(method: 'POST' | 'PUT', fields: Record<string, string | undefined>) {
  const url = method === 'POST' ? '/api/product/createProduct' : '/api/product/updateProduct';
  const body = await multipart({
    ...fields,
    image: method === 'POST' ? { name: 'a.png', type: 'image/png', data: png } : undefined,
  });
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...admin.headers },
  });
}

const datesOf = async (id: string) => {
  const [row] = await t.database.db
    .select({ releaseDate: products.releaseDate, preorderUntil: products.preorderUntil })
    .from(products)
    .where(eq(products.id, id));
  return row;
};

describe('pre-order dates on the product form', () => {
  it('are set on create, kept by an edit that leaves them out, and cleared when empty', async () => {
    const created = await send('POST', toy({ releaseDate: day(60), preorderUntil: day(50) }));
    expect(created.statusCode).toBe(201);
    const id = created.json().product.productID as string;
    expect(await datesOf(id)).toEqual({ releaseDate: day(60), preorderUntil: day(50) });
    const shop = (await t.app.inject({ url: `/api/product/${id}` })).json().product;
    expect(shop).toMatchObject({ releaseDate: day(60), preorderUntil: day(50), stock: 50 });

    expect((await send('PUT', toy({ productID: id }))).statusCode).toBe(200);
    expect(await datesOf(id)).toEqual({ releaseDate: day(60), preorderUntil: day(50) });

    // The form's own dd-mm-yyyy is read too.
    const [y, m, d] = day(90).split('-');
    const moved = await send('PUT', toy({ productID: id, releaseDate: `${d}-${m}-${y}` }));
    expect(moved.statusCode).toBe(200);
    expect(await datesOf(id)).toEqual({ releaseDate: day(90), preorderUntil: day(50) });

    const cleared = await send('PUT', toy({ productID: id, releaseDate: '', preorderUntil: '' }));
    expect(cleared.statusCode).toBe(200);
    expect(await datesOf(id)).toEqual({ releaseDate: null, preorderUntil: null });
  });

  it('refuses dates that break a rule, with the field named, and changes nothing', async () => {
    const id = (await send('POST', toy({ releaseDate: day(30) }))).json().product
      .productID as string;
    const cases: [Record<string, string>, string, string][] = [
      [{ releaseDate: day(0) }, 'releaseDate', PREORDER_RULES.releaseDatePast],
      [{ releaseDate: day(-5) }, 'releaseDate', PREORDER_RULES.releaseDatePast],
      [{ releaseDate: '2027-02-30' }, 'releaseDate', PREORDER_RULES.releaseDateInvalid],
      [{ releaseDate: 'next spring' }, 'releaseDate', PREORDER_RULES.releaseDateInvalid],
      [{ releaseDate: '9'.repeat(300) }, 'releaseDate', PREORDER_RULES.releaseDateInvalid],
      [
        { releaseDate: day(366 * RELEASE_YEARS_AHEAD + 2) },
        'releaseDate',
        PREORDER_RULES.releaseDateTooFar,
      ],
      [
        { releaseDate: day(30), preorderUntil: day(30) },
        'preorderUntil',
        PREORDER_RULES.preorderUntilAfterRelease,
      ],
      [{ preorderUntil: day(31) }, 'preorderUntil', PREORDER_RULES.preorderUntilAfterRelease],
      [
        { releaseDate: '', preorderUntil: day(3) },
        'preorderUntil',
        PREORDER_RULES.preorderUntilWithoutRelease,
      ],
      [{ preorderUntil: '31-31-2030' }, 'preorderUntil', PREORDER_RULES.preorderUntilInvalid],
    ];
    for (const [fields, field, message] of cases) {
      expectFieldRefused(await send('PUT', toy({ productID: id, ...fields })), field, message);
      if (!('preorderUntil' in fields && !('releaseDate' in fields)))
        expectFieldRefused(await send('POST', toy(fields)), field, message);
    }
    expect(await datesOf(id)).toEqual({ releaseDate: day(30), preorderUntil: null });
  });

  it('keeps a release date left as it was, even once it has come', async () => {
    const id = (await send('POST', toy({ releaseDate: day(30) }))).json().product
      .productID as string;
    // The day came, and the upkeep has not run yet.
    await t.database.db
      .update(products)
      .set({ releaseDate: day(0) })
      .where(eq(products.id, id));
    const saved = await send('PUT', toy({ productID: id, releaseDate: day(0), name: 'Renamed' }));
    expect(saved.statusCode).toBe(200);
  });
});
