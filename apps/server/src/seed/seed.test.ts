import { rm, stat } from 'node:fs/promises';
import {
  CATEGORIES,
  CATEGORY_TYPES,
  computeTotals,
  ORDER_STATUSES,
  PRODUCT_ID_PATTERN,
  ROLES,
  SIZES,
  VOLUME_PATTERN,
} from '@otaku/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers';
import { verifyPassword } from '../lib/passwords';
import { openDatabase } from '../db/client';
import { productImageFiles } from '../modules/media/product-images';
import { buildSearchText } from '../modules/catalog/search-text';
import {
  couponUses,
  coupons,
  orderLines,
  orders,
  products,
  productVariants,
  users,
} from '../db/schema/index';
import {
  DEFAULT_SUPERADMIN_EMAIL,
  DEMO_SHOPPER_PASSWORD,
  DEMO_STAFF_EMAIL,
  DEMO_STAFF_PASSWORD,
} from './accounts';
import { DemoDatabaseError, refuseDemoDatabase, seedDemoData } from './seed';
import { captureLog, countRows, keptPassword, linesHolding } from './seed-test-kit';

// One DATA_DIR for the file: the first seed renders the artwork, later seeds find it there and
// only exercise the database side.
const config = testConfig();
const firstLog = captureLog();
const databases: TestDatabase[] = [];
const freshDatabase = async () => {
  const created = await createTestDatabase();
  databases.push(created);
  return created;
};
// A second database for the tests that need one without demo data: cloned once, then reset to
// the template's state for each of them (another clone costs seconds on PGlite).
let spare: TestDatabase | undefined;
const emptyDatabase = async () => {
  if (spare) await spare.reset();
  else spare = await freshDatabase();
  return spare;
};
let seeded: TestDatabase;
let firstResult: { seeded: boolean };

beforeAll(async () => {
  seeded = await freshDatabase();
  firstResult = await seedDemoData({ database: seeded.database, config, log: firstLog.log });
});
afterAll(async () => {
  for (const d of databases) await d.drop();
  await rm(config.dataDir, { recursive: true, force: true });
});

const db = () => seeded.database.db;

describe('seedDemoData on an empty database', () => {
  it('seeds at least 60 products over every category and canonical type', async () => {
    expect(firstResult).toEqual({ seeded: true });
    const rows = await db().select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const category of CATEGORIES) {
      const inCategory = rows.filter((p) => p.category === category);
      for (const type of CATEGORY_TYPES[category]) {
        const typed = inCategory.filter((p) =>
          category === 'comics'
            ? p.genres.includes(type.slug)
            : (p.merchType ?? p.toyType) === type.slug,
        );
        expect(typed.length, `${category} / ${type.slug}`).toBeGreaterThan(0);
      }
    }
    for (const p of rows) {
      expect(p.id).toMatch(PRODUCT_ID_PATTERN);
      expect(p.image).toBe(`/uploads/products/${p.id}`);
      expect(p.searchText).toBe(buildSearchText(p));
      expect(Number.isInteger(p.priceCents) && p.priceCents > 0).toBe(true);
    }
    expect(rows.filter((p) => p.priceCents > 10_000).length).toBeGreaterThan(0);
    expect(rows.some((p) => p.name.includes('Naruto'))).toBe(true);
  });

  it('gives comics volumes, clothes and shoes sizes, and toys one stock', async () => {
    const rows = await db().select().from(products);
    const variants = await db().select().from(productVariants);
    for (const p of rows) {
      const names = variants.filter((v) => v.productId === p.id).map((v) => v.variant);
      expect(names.length, p.name).toBeGreaterThan(0);
      if (p.category === 'comics') expect(names.every((v) => VOLUME_PATTERN.test(v))).toBe(true);
      if (p.category === 'clothes' || p.category === 'shoes') {
        expect(names.every((v) => (SIZES as readonly string[]).includes(v))).toBe(true);
        expect(p.merchType).not.toBeNull();
      }
      if (p.category === 'toys') {
        expect(names).toEqual(['']);
        expect(p.toyType).not.toBeNull();
      }
    }
  });

  it('includes sold-out variants and fully sold-out products', async () => {
    const variants = await db().select().from(productVariants);
    expect(variants.some((v) => v.stock === 0)).toBe(true);
    expect(variants.some((v) => v.stock > 0)).toBe(true);
    const inStock = new Set(variants.filter((v) => v.stock > 0).map((v) => v.productId));
    const soldOut = new Set(variants.map((v) => v.productId).filter((id) => !inStock.has(id)));
    expect(soldOut.size).toBeGreaterThan(0);
  });

  it('includes one upcoming limited drop: a figure on sale in a few days, limited, nothing sold', async () => {
    const drops = (await db().select().from(products)).filter((p) => p.saleStartsAt !== null);
    expect(drops).toHaveLength(1);
    const [drop] = drops as [(typeof drops)[number]];
    expect(drop.toyType).toBe('action-figure');
    expect(drop.limitPerCustomer).toBe(1);
    expect(drop.unitsSold).toBe(0);
    const days = (drop.saleStartsAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
    const [variant] = await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, drop.id));
    expect(variant?.stock).toBe(50);
    expect(await db().select().from(orderLines).where(eq(orderLines.productId, drop.id))).toEqual(
      [],
    );
  });

  it('makes a few products pre-orders, one releasing within days, each with its allocation', async () => {
    const all = await db().select().from(products);
    const preorders = all.filter((p) => p.releaseDate !== null);
    expect(preorders.length).toBeGreaterThanOrEqual(3);
    const today = new Date().toISOString().slice(0, 10);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    for (const p of preorders) expect(p.releaseDate! > today).toBe(true);
    expect(preorders.some((p) => p.releaseDate! <= inAWeek)).toBe(true);
    expect(preorders.some((p) => p.preorderUntil !== null)).toBe(true);
    const variants = await db().select().from(productVariants);
    for (const p of preorders)
      expect(variants.filter((v) => v.productId === p.id).every((v) => v.stock > 0)).toBe(true);
  });

  it('creates active coupons, an expired one and one already spent by a demo shopper', async () => {
    const rows = await db().select().from(coupons);
    const now = Date.now();
    expect(rows.filter((c) => c.expiresAt.getTime() > now).length).toBeGreaterThanOrEqual(3);
    expect(rows.some((c) => c.expiresAt.getTime() < now)).toBe(true);
    for (const c of rows) expect(c.code).toBe(c.code.toUpperCase());
    const spent = await db()
      .select({ email: users.email })
      .from(couponUses)
      .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
      .innerJoin(users, eq(users.id, couponUses.userId))
      .where(eq(coupons.code, 'WELCOME10'));
    expect(spent.map((s) => s.email)).toContain('aiko.tanaka@example.com');
  });

  it('creates every role, the superAdmin with a generated password kept in DATA_DIR, not logged', async () => {
    const rows = await db().select().from(users);
    for (const role of ROLES)
      expect(
        rows.some((u) => u.role === role),
        role,
      ).toBe(true);
    expect(rows.filter((u) => u.role === 'user').length).toBeGreaterThanOrEqual(20);
    const admin = rows.find((u) => u.role === 'superAdmin')!;
    expect(admin.email).toBe(DEFAULT_SUPERADMIN_EMAIL);
    const password = keptPassword(config.dataDir, DEFAULT_SUPERADMIN_EMAIL);
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(linesHolding(firstLog.lines(), password!)).toBe(0);
    expect(linesHolding(firstLog.lines(), 'DEMO superAdmin ACCOUNT')).toBe(1);
    expect(await verifyPassword(admin.passwordHash, password!)).toBe(true);
    expect(admin.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const staff = rows.find((u) => u.email === DEMO_STAFF_EMAIL)!;
    expect(staff.role).toBe('admin');
    expect(await verifyPassword(staff.passwordHash, DEMO_STAFF_PASSWORD)).toBe(true);
    const shopper = rows.find((u) => u.email === 'aiko.tanaka@example.com')!;
    expect(await verifyPassword(shopper.passwordHash, DEMO_SHOPPER_PASSWORD)).toBe(true);
  });

  it('creates orders in every status with totals that add up', async () => {
    const rows = await db().select().from(orders);
    const lines = await db().select().from(orderLines);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const status of ORDER_STATUSES)
      expect(
        rows.some((o) => o.status === status),
        status,
      ).toBe(true);
    expect(new Set(rows.map((o) => o.paymentMethod))).toEqual(new Set(['cod', 'card']));
    expect(rows.some((o) => o.couponCode !== null)).toBe(true);
    for (const o of rows) {
      expect(o.orderNumber).toMatch(/^ORD-[0-9A-HJKMNP-TV-Z]{8}$/);
      const own = lines.filter((l) => l.orderId === o.id);
      expect(own.length).toBeGreaterThan(0);
      expect(computeTotals(own, o.discountPercent)).toEqual({
        subtotalCents: o.subtotalCents,
        discountCents: o.discountCents,
        shippingCents: o.shippingCents,
        totalCents: o.totalCents,
      });
    }
    const sold = await db().select().from(products);
    for (const p of sold) {
      const ordered = lines.filter((l) => l.productId === p.id).reduce((n, l) => n + l.quantity, 0);
      expect(p.unitsSold, p.name).toBeGreaterThanOrEqual(ordered);
    }
  });

  it('renders artwork for every product as 400x533 and 800x1067 WebP', async () => {
    const rows = await db().select({ id: products.id }).from(products);
    for (const { id } of rows) {
      const [small, large] = productImageFiles(config.uploadsDir, id);
      for (const [file, width, height] of [
        [small!, 400, 533],
        [large!, 800, 1067],
      ] as const) {
        const meta = await sharp(file).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: 'webp',
          width,
          height,
        });
      }
    }
  });
});

describe('a live shop on a database', () => {
  it('refuses one seeded as a demo, whose accounts have published passwords', async () => {
    await expect(refuseDemoDatabase(seeded.database)).rejects.toThrow(DemoDatabaseError);
  });

  it('takes one that never had demo data', async () => {
    const empty = await emptyDatabase();
    await expect(refuseDemoDatabase(empty.database)).resolves.toBeUndefined();
  });
});

describe('seedDemoData again', () => {
  it('changes nothing and prints no password on a second start', async () => {
    const before = await countRows(seeded.database);
    const again = captureLog();
    expect(await seedDemoData({ database: seeded.database, config, log: again.log })).toEqual({
      seeded: false,
    });
    expect(await countRows(seeded.database)).toEqual(before);
    expect(again.lines().some((l) => /password/i.test(l.msg))).toBe(false);
  });

  it('renders a lost artwork file again without touching the data', async () => {
    const [product] = await seeded.database.db.select().from(products).limit(1);
    const [small] = productImageFiles(config.uploadsDir, product!.id);
    await rm(small!);
    await seedDemoData({ database: seeded.database, config, log: captureLog().log });
    expect((await stat(small!)).size).toBeGreaterThan(0);
  });

  it('seeds once when two instances start at the same time', async () => {
    const target = await emptyDatabase();
    // On PostgreSQL each instance has its own pool, as separate processes would.
    const second = target.url
      ? await openDatabase({ databaseUrl: target.url, migrate: false, poolSize: 2 })
      : target.database;
    try {
      const results = await Promise.all([
        seedDemoData({ database: target.database, config, log: captureLog().log }),
        seedDemoData({ database: second, config, log: captureLog().log }),
      ]);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      expect(await countRows(target.database)).toEqual(await countRows(seeded.database));
    } finally {
      if (second !== target.database) await second.close();
    }
  });

  it('leaves a database that already has products alone', async () => {
    const target = await emptyDatabase();
    await target.database.db.insert(products).values({
      id: 'COM-OWN001',
      name: 'A product of the owner',
      description: 'Not demo data.',
      priceCents: 100,
      category: 'comics',
      image: '/uploads/products/COM-OWN001',
    });
    expect(
      await seedDemoData({ database: target.database, config, log: captureLog().log }),
    ).toEqual({ seeded: false });
    const counts = await countRows(target.database);
    expect(counts).toMatchObject({ products: 1, users: 0, orders: 0, appMeta: 0 });
  });

  it('creates the superAdmin from SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD', async () => {
    const target = await emptyDatabase();
    const withAdmin = testConfig({
      DATA_DIR: config.dataDir,
      SEED_ADMIN_EMAIL: 'Owner@Example.org',
      SEED_ADMIN_PASSWORD: 'a-chosen-password',
    });
    const captured = captureLog();
    expect(
      await seedDemoData({ database: target.database, config: withAdmin, log: captured.log }),
    ).toEqual({ seeded: true });
    const admins = await target.database.db
      .select()
      .from(users)
      .where(eq(users.role, 'superAdmin'));
    expect(admins.map((a) => a.email)).toEqual(['owner@example.org']);
    expect(await verifyPassword(admins[0]!.passwordHash, 'a-chosen-password')).toBe(true);
    expect(await verifyPassword(admins[0]!.passwordHash, 'another-password')).toBe(false);
    expect(keptPassword(withAdmin.dataDir, 'owner@example.org')).toBeUndefined();
    expect(linesHolding(captured.lines(), 'a-chosen-password')).toBe(0);
  });
});
