import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { startObjectStore, withCredentials, type ObjectStore } from '../../../test/object-store';
import { createAccount, insertOrder } from '../../../test/staff';
import { checkoutSnapshots, products } from '../../db/schema/index';
import { DiskImageStore } from './disk-image-store';
import type { ImageStore } from './image-store';
import { sweepProductImages } from './image-sweep';
import { S3ImageStore } from './s3-image-store';

const t = useTestApp();
const TWO_HOURS = 2 * 60 * 60 * 1000;

/** The product pictures of one store, written and listed as the test needs them. */
interface Folder {
  images: ImageStore;
  /** Writes a picture; an old one as if written two hours ago. */
  write: (name: string, options?: { old?: boolean }) => Promise<void>;
  names: () => Promise<string[]>;
}

/** A product, an order line and a card checkout, each naming one picture. */
beforeAll(async () => {
  const shopper = await createAccount(t.database, t.config.jwtSecret, 'user');
  await t.database.db.insert(products).values({
    id: 'COM-SWEEP1',
    name: 'On sale',
    description: 'Shown by the product.',
    priceCents: 1000,
    category: 'comics',
    image: '/uploads/products/COM-SWEEP1',
  });
  await insertOrder(t.database, shopper, {}, { productImage: '/uploads/products/TOY-BOUGHT-AB12' });
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
});

let objectStore: ObjectStore;
let bucket: S3ImageStore;
beforeAll(async () => {
  objectStore = await startObjectStore();
  bucket = new S3ImageStore(withCredentials(objectStore.config()).s3!);
});
afterAll(async () => {
  bucket?.close();
  await objectStore?.close();
});

const onDisk = (): Folder => {
  const dir = path.join(t.config.uploadsDir, 'products');
  return {
    images: new DiskImageStore(t.config.uploadsDir),
    write: async (name, { old = true } = {}) => {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), 'webp');
      const then = new Date(Date.now() - TWO_HOURS);
      if (old) await utimes(path.join(dir, name), then, then);
    },
    names: () => readdir(dir),
  };
};

const inBucket = (): Folder => ({
  images: bucket,
  write: async (name, { old = true } = {}) => {
    await bucket.put(`products/${name}`, Buffer.from('webp'), 'image/webp');
    if (old) await objectStore.age(`products/${name}`, TWO_HOURS);
  },
  names: async () => {
    const names: string[] = [];
    for await (const { key } of bucket.list('products/')) names.push(key.slice('products/'.length));
    return names;
  },
});

describe.each([
  ['on the disk', onDisk],
  ['in an S3 bucket', inBucket],
])('sweepProductImages %s', (_where, folderOf) => {
  it('removes old files nothing shows and keeps those a product, an order or a checkout shows', async () => {
    const folder = folderOf();
    const file = folder.write;
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
    const { images } = folder;
    const all = (await folder.names()).sort();
    const dryRun = await sweepProductImages(t.database.db, images, { dryRun: true });
    expect(dryRun.sort()).toEqual(unshown);
    expect((await folder.names()).sort()).toEqual(all);

    const removed = await sweepProductImages(t.database.db, images);
    expect(removed.sort()).toEqual(unshown);
    expect((await folder.names()).sort()).toEqual(all.filter((name) => !unshown.includes(name)));
    expect(await sweepProductImages(t.database.db, images)).toEqual([]);
  });

  it('removes nothing once the app is closing', async () => {
    const folder = folderOf();
    await folder.write('SHO-CLOSE1-400.webp');
    const closing = new AbortController();
    closing.abort();
    const options = { signal: closing.signal };
    expect(await sweepProductImages(t.database.db, folder.images, options)).toEqual([]);
    expect(await folder.names()).toContain('SHO-CLOSE1-400.webp');
    expect(await sweepProductImages(t.database.db, folder.images)).toEqual(['SHO-CLOSE1-400.webp']);
  });
});

describe('sweepProductImages on a fresh disk', () => {
  it('has nothing to do before any product image is stored', async () => {
    const empty = new DiskImageStore(path.join(t.config.dataDir, 'no-uploads-yet'));
    expect(await sweepProductImages(t.database.db, empty)).toEqual([]);
  });
});
