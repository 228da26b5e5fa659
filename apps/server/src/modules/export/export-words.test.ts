/**
 * Exports list rows newest first, as the dashboard's tables do, and name roles and statuses as
 * the dashboard shows them (decision 163).
 */
import { ORDER_STATUS_LABELS, ROLE_LABELS, type ExportType } from '@otaku/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCatalogProduct } from '../../../test/catalog-factories';
import { pdfPages, sheetRows } from '../../../test/export-files';
import { createAccount, insertOrder, type TestAccount } from '../../../test/staff';
import { useTestApp } from '../../../test/helpers';
import { coupons, products, users } from '../../db/schema/index';
import type { ExportRow } from './export-columns';
import { exportRows } from './export-sources';

const t = useTestApp();
let boss: TestAccount;
const day = (d: number) => new Date(Date.UTC(2026, 4, d, 9));

beforeAll(async () => {
  const db = t.database.db;
  boss = await createAccount(t.database, t.config.jwtSecret, 'superAdmin', { username: 'boss' });
  const staff = await createAccount(t.database, t.config.jwtSecret, 'admin', { username: 'clerk' });
  const fan = await createAccount(t.database, t.config.jwtSecret, 'user', { username: 'fan' });
  // Joined in the order fan, boss, clerk: the newest (clerk) comes first.
  for (const [who, d] of [
    [fan, 1],
    [boss, 2],
    [staff, 3],
  ] as const)
    await db
      .update(users)
      .set({ createdAt: day(d) })
      .where(eq(users.id, who.id));
  // Three products created in the order B, A, C, with ids that sort otherwise.
  for (const [id, d] of [
    ['TOY-WORDB1', 1],
    ['TOY-WORDA1', 2],
    ['TOY-WORDC1', 3],
  ] as const)
    await createCatalogProduct(db, { id, createdAt: day(d) });
  for (const [code, d] of [
    ['ZZOLDEST', 1],
    ['AANEWEST', 3],
    ['MMMIDDLE', 2],
  ] as const)
    await db
      .insert(coupons)
      .values({ code, discountPercent: 5, expiresAt: day(28), createdAt: day(d) });
  await insertOrder(t.database, fan, {
    orderNumber: 'ORD-WORDS01',
    status: 'delivered',
    createdAt: day(4),
  });
  await insertOrder(t.database, fan, {
    orderNumber: 'ORD-WORDS02',
    status: 'processing',
    createdAt: day(5),
  });
});

const download = (type: ExportType, format: 'excel' | 'pdf') =>
  t.app.inject({ url: `/api/export/${type}?format=${format}`, headers: boss.headers });

const sheetOf = async (type: ExportType) => {
  const res = await download(type, 'excel');
  expect(res.statusCode).toBe(200);
  return sheetRows(res.rawPayload);
};

const pdfText = async (type: ExportType) => {
  const res = await download(type, 'pdf');
  expect(res.statusCode).toBe(200);
  return (await pdfPages(res.rawPayload)).join(' ');
};

const only = (rows: Record<string, unknown>[], key: string, wanted: readonly string[]) =>
  rows.map((r) => String(r[key])).filter((v) => wanted.includes(v));

describe('exports list rows newest first', () => {
  it('users, products, orders and coupons, in workbooks', async () => {
    expect(only(await sheetOf('users'), 'Username', ['boss', 'clerk', 'fan'])).toEqual([
      'clerk',
      'boss',
      'fan',
    ]);
    const ids = ['TOY-WORDA1', 'TOY-WORDB1', 'TOY-WORDC1'];
    expect(only(await sheetOf('products'), 'Product ID', ids)).toEqual([
      'TOY-WORDC1',
      'TOY-WORDA1',
      'TOY-WORDB1',
    ]);
    const orderRows = await sheetOf('orders');
    expect(only(orderRows, 'Order ID', ['ORD-WORDS01', 'ORD-WORDS02'])).toEqual([
      'ORD-WORDS02',
      'ORD-WORDS01',
    ]);
    const codes = ['AANEWEST', 'MMMIDDLE', 'ZZOLDEST'];
    expect(only(await sheetOf('coupons'), 'Code', codes)).toEqual([
      'AANEWEST',
      'MMMIDDLE',
      'ZZOLDEST',
    ]);
  });

  it('reads on across batches without skipping or repeating rows, newest first', async () => {
    const tables = { users, products, coupons } as const;
    const keys = { users: 'email', products: 'productID', coupons: 'couponCode' } as const;
    const times = { users: 'joined', products: 'createdAt', coupons: null } as const;
    for (const type of ['users', 'products', 'coupons'] as const) {
      const seen: ExportRow[] = [];
      for await (const batch of exportRows(t.database.db, type, 2)) seen.push(...batch);
      const [{ n }] = (await t.database.db.select({ n: count() }).from(tables[type])) as [
        { n: number },
      ];
      expect(seen).toHaveLength(n);
      expect(new Set(seen.map((row) => row[keys[type]])).size).toBe(n);
      const time = times[type];
      if (time) {
        const at = seen.map((row) => (row[time] as Date).getTime());
        expect(at).toEqual([...at].sort((a, b) => b - a));
      }
    }
  });
});

describe('exports speak the dashboard’s words', () => {
  it('roles as the Users page names them', async () => {
    const roles = new Map((await sheetOf('users')).map((r) => [r.Username, r.Role]));
    expect(roles.get('boss')).toBe(ROLE_LABELS.superAdmin);
    expect(roles.get('boss')).toBe('Super Admin');
    expect(roles.get('clerk')).toBe('Admin');
    expect(roles.get('fan')).toBe('User');
    const pdf = await pdfText('users');
    expect(pdf).toContain('Super Admin');
    expect(pdf).not.toContain('superAdmin');
  });

  it('order statuses as the Orders page names them', async () => {
    const statuses = new Map((await sheetOf('orders')).map((r) => [r['Order ID'], r.Status]));
    expect(statuses.get('ORD-WORDS01')).toBe(ORDER_STATUS_LABELS.delivered);
    expect(statuses.get('ORD-WORDS02')).toBe('Processing');
    const pdf = await pdfText('orders');
    expect(pdf).toContain('Delivered');
    expect(pdf).not.toMatch(/\bdelivered\b/);
  });
});
