/**
 * The products PDF shows a long row whole: its text wraps within the cell instead of being cut,
 * and money carries thousands separators as the dashboard writes it (decision 163).
 */
import { PRODUCT_NAME_MAX_LENGTH } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCatalogProduct } from '../../../test/catalog-factories';
import { pdfPages } from '../../../test/export-files';
import { useTestApp } from '../../../test/helpers';
import { createAccount, type TestAccount } from '../../../test/staff';

const t = useTestApp();
let admin: TestAccount;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
});

const productsPdf = async () => {
  const res = await t.app.inject({
    url: '/api/export/products?format=pdf',
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return (await pdfPages(res.rawPayload)).join(' ');
};

describe('the products PDF', () => {
  it('shows every variant, the whole type and a long name of a long row, and $1,234.50', async () => {
    const name = `The Complete Moon Blade Chronicles ${'Collector Box '.repeat(6)}`
      .trim()
      .slice(0, PRODUCT_NAME_MAX_LENGTH);
    await createCatalogProduct(t.database.db, {
      id: 'COM-WRAP01',
      category: 'comics',
      name,
      genres: ['action', 'adventure', 'comedy', 'drama', 'fantasy'],
      priceCents: 123_450,
      stock: { 'V10 Deluxe': 100, 'V11 Deluxe': 250, 'V12 Deluxe': 1000, 'V13 Deluxe': 5 },
    });
    const text = await productsPdf();
    expect(text).toContain('COM-WRAP01');
    expect(text).toContain(name);
    expect(text).toContain('Action, Adventure, Comedy, Drama, Fantasy');
    expect(text).toContain('V10 Deluxe: 100, V11 Deluxe: 250, V12 Deluxe: 1000, V13 Deluxe: 5');
    expect(text).toContain('$1,234.50');
    expect(text).not.toContain('…');
  });

  it('keeps a row of hundreds of volumes to a page, ending in an ellipsis', async () => {
    const volumes = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`V${i + 1}`, i]));
    await createCatalogProduct(t.database.db, {
      id: 'COM-WRAP02',
      category: 'comics',
      stock: volumes,
    });
    const text = await productsPdf();
    expect(text).toContain('V1: 0, V2: 1');
    expect(text).toContain('…');
    expect(text).not.toContain('V400: 399');
  });
});
