import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { createAccount, insertOrder } from '../../../test/staff';
import { checkoutSnapshots, products } from '../../db/schema/index';
import { sweepProductImages } from './image-sweep';

const t = useTestApp();

describe('sweepProductImages', () => {
  it('removes old files nothing shows and keeps those a product, an order or a checkout shows', async () => {
    const shopper = await createAccount(t.database, t.config.jwtSecret, 'user');
    const dir = path.join(t.config.uploadsDir, 'products');
    await mkdir(dir, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const file = async (name: string, { old = true } = {}) => {
      await writeFile(path.join(dir, name), 'webp');
      if (old) await utimes(path.join(dir, name), twoHoursAgo, twoHoursAgo);
    };
    await t.database.db.insert(products).values({
      id: 'COM-SWEEP1',
      name: 'On sale',
      description: 'Shown by the product.',
      priceCents: 1000,
      category: 'comics',
      image: '/uploads/products/COM-SWEEP1',
    });
    await insertOrder(
      t.database,
      shopper,
      {},
      { productImage: '/uploads/products/TOY-BOUGHT-AB12' },
    );
    await t.database.db.insert(checkoutSnapshots).values({
      sessionId: 'cs_test_sweep',
      provider: 'test',
      userId: shopper.id,
      customerName: 'Sweep Shopper',
      customerEmail: 'sweep@example.com',
      cartId: shopper.id,
      items: [
        {
          productId: 'CLO-PAYING',
          variant: 'M',
          quantity: 1,
          priceCents: 2000,
          name: 'Being paid for',
          image: '/uploads/products/CLO-PAYING',
        },
      ],
      shippingAddress: '1 Test Street',
      subtotalCents: 2000,
      shippingCents: 500,
      discountCents: 0,
      totalCents: 2500,
      expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    });
    for (const key of ['COM-SWEEP1', 'TOY-BOUGHT-AB12', 'CLO-PAYING', 'SHO-GONE01'])
      for (const size of [400, 800]) await file(`${key}-${size}.webp`);
    await file('SHO-SAVING-400.webp', { old: false }); // a save in progress
    await file('SHO-KILLED-800.webp.0a1b2c3d.tmp');
    await file('notes.txt');

    const unshown = [
      'SHO-GONE01-400.webp',
      'SHO-GONE01-800.webp',
      'SHO-KILLED-800.webp.0a1b2c3d.tmp',
    ];
    const all = (await readdir(dir)).sort();
    const dryRun = await sweepProductImages(t.database.db, t.config.uploadsDir, { dryRun: true });
    expect(dryRun.sort()).toEqual(unshown);
    expect((await readdir(dir)).sort()).toEqual(all);

    const removed = await sweepProductImages(t.database.db, t.config.uploadsDir);
    expect(removed.sort()).toEqual(unshown);
    expect((await readdir(dir)).sort()).toEqual(all.filter((name) => !unshown.includes(name)));
    expect(await sweepProductImages(t.database.db, t.config.uploadsDir)).toEqual([]);
  });

  it('removes nothing once the app is closing', async () => {
    const dir = path.join(t.config.uploadsDir, 'products');
    await mkdir(dir, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await writeFile(path.join(dir, 'SHO-CLOSE1-400.webp'), 'webp');
    await utimes(path.join(dir, 'SHO-CLOSE1-400.webp'), twoHoursAgo, twoHoursAgo);
    const closing = new AbortController();
    closing.abort();
    const options = { signal: closing.signal };
    expect(await sweepProductImages(t.database.db, t.config.uploadsDir, options)).toEqual([]);
    expect(await readdir(dir)).toContain('SHO-CLOSE1-400.webp');
    expect(await sweepProductImages(t.database.db, t.config.uploadsDir)).toEqual([
      'SHO-CLOSE1-400.webp',
    ]);
  });

  it('has nothing to do before any product image is stored', async () => {
    const empty = path.join(t.config.dataDir, 'no-uploads-yet');
    expect(await sweepProductImages(t.database.db, empty)).toEqual([]);
  });
});
