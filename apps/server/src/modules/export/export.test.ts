import ExcelJS from 'exceljs';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, insertOrder, type TestAccount } from '../../../test/staff';
import { pdfPages } from '../../../test/export-files';
import { useTestApp } from '../../../test/helpers';
import {
  coupons,
  orderLines,
  orders,
  products,
  productVariants,
  users,
} from '../../db/schema/index';
import { exportRows } from './export-sources';

const t = useTestApp();
let admin: TestAccount;
let shopper: TestAccount;
const FORMULA = '=HYPERLINK("http://evil.example","click")';

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  shopper = await createAccount(t.database, t.config.jwtSecret, 'user', {
    username: '@cmd|calc',
  });
  await t.database.db.insert(products).values({
    id: 'COM-EXP001',
    name: FORMULA,
    description: 'x',
    priceCents: 1234,
    category: 'comics',
    image: '/uploads/products/COM-EXP001',
    genres: ['action'],
    createdAt: new Date(Date.UTC(2026, 2, 7)),
  });
  await t.database.db.insert(productVariants).values([
    { productId: 'COM-EXP001', variant: 'V1', stock: 3, position: 0 },
    { productId: 'COM-EXP001', variant: 'V2', stock: 4, position: 1 },
  ]);
  await t.database.db
    .insert(coupons)
    .values({ code: 'EXPORT10', discountPercent: 10, expiresAt: new Date('2030-01-01T00:00:00Z') });
  for (let i = 0; i < 45; i++)
    await insertOrder(t.database, shopper, {
      orderNumber: `ORD-EXP${String(i).padStart(5, '0')}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    });
});

const download = (type: string, format: string, who: TestAccount | null = admin) =>
  t.app.inject({
    url: `/api/export/${type}?format=${format}&email=${encodeURIComponent('someone@else.com')}`,
    headers: who ? who.headers : {},
  });

async function readSheet(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('GET /api/export/:type', () => {
  it('refuses an unknown type or format', async () => {
    expect((await download('secrets', 'excel')).statusCode).toBe(400);
    expect((await download('users', 'csv')).statusCode).toBe(400);
  });

  it('streams a real workbook with a frozen bold header, typed cells and no formulas', async () => {
    const res = await download('products', 'excel');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.xlsx"');
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe('Product ID');
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('COM-EXP001');
    expect(row.getCell(2).value).toBe(`'${FORMULA}`);
    expect(row.getCell(2).formula).toBeUndefined();
    expect(row.getCell(5).value).toBe(12.34);
    expect(row.getCell(5).numFmt).toContain('0.00');
    expect(row.getCell(6).value).toBe(7);
    expect(row.getCell(7).value).toBe('V1: 3, V2: 4');
    expect(row.getCell(8).value).toBeInstanceOf(Date);
    expect(row.getCell(8).numFmt).toBe('dd-mm-yyyy');
  });

  it('exports users without any password hash or token and neutralises an @ name', async () => {
    const res = await download('users', 'excel');
    const text = res.rawPayload.toString('latin1');
    expect(text).not.toContain('not-a-real-hash');
    const sheet = await readSheet(res.rawPayload);
    const names: unknown[] = [];
    sheet.eachRow((row) => names.push(row.getCell(1).value));
    expect(names).toContain("'@cmd|calc");
    expect(names).not.toContain('@cmd|calc');
    const pdf = (await pdfPages((await download('users', 'pdf')).rawPayload)).join(' ');
    expect(pdf).not.toContain('not-a-real-hash');
    expect(pdf).toContain(admin.email);
  });

  it('streams a PDF with a title, date, repeated header and page numbers', async () => {
    const res = await download('orders', 'pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.pdf"');
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('Otaku Shelf: Orders');
    expect(pages[0]).toMatch(/Generated \d{2}-\d{2}-\d{4}/);
    pages.forEach((page, i) => {
      expect(page).toContain('Order ID');
      expect(page).toContain(`Page ${i + 1}`);
    });
    const all = pages.join(' ');
    for (let i = 0; i < 45; i++) expect(all).toContain(`ORD-EXP${String(i).padStart(5, '0')}`);
    expect(all).toContain('$25.00');
    expect(all).toContain('01-01-2026');
    // The sheet-only columns (lines, address) leave the PDF's line to the others.
    expect(all).not.toContain('Shipping Address');
  });

  /** The products PDF once a toy of this name is in the catalog. */
  async function productsPdfWith(id: string, name: string) {
    await t.database.db.insert(products).values({
      id,
      name,
      description: 'x',
      priceCents: 4200,
      category: 'toys',
      image: `/uploads/products/${id}`,
      toyType: 'action-figure',
    });
    await t.database.db.insert(productVariants).values({ productId: id, variant: '', stock: 2 });
    const res = await download('products', 'pdf');
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  it('writes names in Japanese into the PDF as they are, in an embedded font', async () => {
    const name = '進撃の巨人 フィギュア';
    const pdf = await productsPdfWith('TOY-EXPJP1', name);
    expect((await pdfPages(pdf)).join(' ')).toContain(name);
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2 /);
  });

  it('writes Hangul, Thai, Arabic and emoji into the PDF, each in a face that has them', async () => {
    const name = '김민수 피규어 สวัสดี محمد علي 🎉';
    const pdf = await productsPdfWith('TOY-EXPKR1', name);
    const text = (await pdfPages(pdf)).join(' ');
    // Read back word by word: the text layer holds the runs as pieces, the Arabic ones in the
    // order they are seen (right to left).
    for (const word of name.split(' ')) expect(text).toContain(word);
    // Each script's glyphs come from its own embedded face (with only Noto Sans JP they are
    // its empty glyph, whatever the text layer says).
    const raw = pdf.toString('latin1');
    for (const face of ['NotoSansJP', 'NotoSansKR', 'NotoSansThai', 'NotoSansArabic', 'NotoEmoji'])
      expect(raw).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${face}-`));
  });

  it('exports coupons and orders as workbooks with every row', async () => {
    const couponSheet = await readSheet((await download('coupons', 'excel')).rawPayload);
    expect(couponSheet.getRow(2).values).toEqual(
      expect.arrayContaining(['EXPORT10', 10, 'Active', 0]),
    );
    const orderSheet = await readSheet((await download('orders', 'excel')).rawPayload);
    expect(orderSheet.rowCount).toBe(46);
    expect(orderSheet.getRow(2).getCell(1).value).toBe('ORD-EXP00044');
    // What to pack and where, as the dashboard's order dialog shows it.
    const header = orderSheet.getRow(1).values as unknown[];
    const cell = (name: string) => orderSheet.getRow(2).getCell(header.indexOf(name)).value;
    expect(cell('Payment')).toBe('Cash, unpaid');
    expect(cell('Lines')).toBe('2 × Test Figure');
    expect(cell('Shipping Address')).toBe('1 Test Street');
  });

  it('leaves a cancelled pre-order line out of what to pack', async () => {
    const order = await insertOrder(
      t.database,
      shopper,
      { orderNumber: 'ORD-EXPCANC1', createdAt: new Date(Date.UTC(2028, 0, 1)) },
      { productName: 'Cancelled Figure', releaseDate: '2030-01-01', cancelledAt: new Date() },
    );
    await t.database.db.insert(orderLines).values({
      orderId: order.id,
      productName: 'Kept Poster',
      productImage: '/uploads/products/CLO-000000',
      variant: '',
      quantity: 1,
      priceCents: 500,
    });
    const sheet = await readSheet((await download('orders', 'excel')).rawPayload);
    const header = sheet.getRow(1).values as unknown[];
    expect(sheet.getRow(2).getCell(1).value).toBe('ORD-EXPCANC1');
    expect(sheet.getRow(2).getCell(header.indexOf('Lines')).value).toBe('1 × Kept Poster');
    expect(sheet.getRow(2).getCell(header.indexOf('Items')).value).toBe(1);
    await t.database.db.delete(orders).where(eq(orders.id, order.id));
  });

  it("writes its own '-' for no coupon as it is, and guards a code someone typed", async () => {
    await insertOrder(t.database, shopper, {
      orderNumber: 'ORD-EXPDASH1',
      couponCode: '-5OFF',
      createdAt: new Date(Date.UTC(2026, 1, 1)),
    });
    const sheet = await readSheet((await download('orders', 'excel')).rawPayload);
    const header = sheet.getRow(1).values as unknown[];
    const coupon = new Map<unknown, unknown>();
    sheet.eachRow((row) =>
      coupon.set(row.getCell(1).value, row.getCell(header.indexOf('Coupon Code')).value),
    );
    expect(coupon.get('ORD-EXP00000')).toBe('-');
    expect(coupon.get('ORD-EXPDASH1')).toBe("'-5OFF");
    const pdf = (await pdfPages((await download('orders', 'pdf')).rawPayload)).join(' ');
    expect(pdf).not.toContain("'-");
  });

  it("names each order's customer as the dashboard does: the account as it is now", async () => {
    const renamed = await createAccount(t.database, t.config.jwtSecret, 'user');
    const newest = new Date(Date.UTC(2027, 0, 1));
    await insertOrder(t.database, renamed, { orderNumber: 'ORD-RENAMED1', createdAt: newest });
    // An order whose account is gone keeps the name it was placed under (decision 112).
    await insertOrder(
      t.database,
      { id: null as unknown as string, username: 'gone_fan', email: 'gone@example.com' },
      { orderNumber: 'ORD-GONE0001', createdAt: new Date(newest.getTime() - 60_000) },
    );
    await t.database.db
      .update(users)
      .set({ username: 'now_called', email: 'now@example.com' })
      .where(eq(users.id, renamed.id));

    const sheet = await readSheet((await download('orders', 'excel')).rawPayload);
    expect(sheet.getRow(2).values).toEqual(
      expect.arrayContaining(['ORD-RENAMED1', 'now_called', 'now@example.com']),
    );
    expect(sheet.getRow(3).values).toEqual(
      expect.arrayContaining(['ORD-GONE0001', 'gone_fan', 'gone@example.com']),
    );
    const [first] = await pdfPages((await download('orders', 'pdf')).rawPayload);
    expect(first).toContain('now_called');
    expect(first).not.toContain(renamed.username);
  });
});

describe('exportRows', () => {
  it('reads in keyset batches without skipping or repeating rows that share a timestamp', async () => {
    const tie = new Date(Date.UTC(2025, 5, 5, 12, 0, 0, 123));
    for (let i = 0; i < 5; i++)
      await insertOrder(t.database, shopper, { orderNumber: `ORD-TIE0000${i}`, createdAt: tie });
    // Six orders within one millisecond: only microseconds, which a JS Date drops, order them.
    for (let i = 0; i < 6; i++)
      await insertOrder(t.database, shopper, {
        orderNumber: `ORD-MICRO00${i}`,
        createdAt: sql`${`2025-06-06 08:00:00.500${i}00+00`}::timestamptz` as unknown as Date,
      });
    const [{ n }] = (await t.database.db.select({ n: count() }).from(orders)) as [{ n: number }];
    const seen: string[] = [];
    let batches = 0;
    for await (const batch of exportRows(t.database.db, 'orders', 4)) {
      batches += 1;
      expect(batch.length).toBeLessThanOrEqual(4);
      seen.push(...batch.map((row) => String(row.orderID)));
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen).size).toBe(n);
    expect(batches).toBe(Math.ceil(n / 4));
  });
});
