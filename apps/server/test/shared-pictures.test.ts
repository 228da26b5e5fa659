/**
 * Two app instances with no disk in common (each its own DATA_DIR) over one database and one
 * S3 bucket: a picture uploaded through one is served by the other, and a picture replaced
 * through the other is gone from both (decision 155). On the disk store the second instance
 * would answer 404: its DATA_DIR has no such file.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { createTestDatabase, type TestDatabase } from './helpers';
import { buildS3App, startObjectStore, type ObjectStore } from './object-store';
import { createAccount, multipart, pngImage, type TestAccount } from './staff';

let objectStore: ObjectStore;
let testDb: TestDatabase;
let second: Database;
let a: FastifyInstance;
let b: FastifyInstance;
let admin: TestAccount;

beforeAll(async () => {
  objectStore = await startObjectStore();
  testDb = await createTestDatabase();
  // On PostgreSQL each instance has its own pool, as separate processes would.
  second = testDb.url
    ? await openDatabase({ databaseUrl: testDb.url, migrate: false, poolSize: 2 })
    : testDb.database;
  const [configA, configB] = [objectStore.config(), objectStore.config()];
  expect(configA.dataDir).not.toBe(configB.dataDir);
  a = await buildS3App(configA, testDb.database);
  b = await buildS3App(configB, second);
  admin = await createAccount(testDb.database, configA.jwtSecret, 'admin');
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  if (second && second !== testDb?.database) await second.close();
  await testDb?.drop();
  await objectStore?.close();
});

async function saveProduct(app: FastifyInstance, fields: Record<string, string>, image: Buffer) {
  const body = await multipart({
    name: 'Shared Shelf Figure',
    description: 'Seen from every instance.',
    price: '24.00',
    category: 'toys',
    toyType: 'doll',
    stock: '2',
    ...fields,
    image: { name: 'cover.png', type: 'image/png', data: image },
  });
  return app.inject({
    method: fields.productID ? 'PUT' : 'POST',
    url: fields.productID ? '/api/product/updateProduct' : '/api/product/createProduct',
    payload: body.payload,
    headers: { ...body.headers, ...admin.headers },
  });
}

describe('two instances sharing one bucket and no disk', () => {
  it('serves on one instance the picture uploaded through the other', async () => {
    const created = await saveProduct(a, {}, await pngImage());
    expect(created.statusCode).toBe(201);
    const { productID } = created.json().product as { productID: string };

    const product = await b.inject({ url: `/api/product/${productID}` });
    expect(product.statusCode).toBe(200);
    const { small, large } = product.json().product.images as { small: string; large: string };
    for (const url of [small, large]) {
      const fromA = await a.inject({ url });
      const fromB = await b.inject({ url });
      expect(fromB.statusCode, url).toBe(200);
      expect(fromB.headers['content-type']).toBe('image/webp');
      expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
      expect(fromB.headers.etag).toBe(fromA.headers.etag);
    }
    expect((await sharp((await b.inject({ url: large })).rawPayload).metadata()).width).toBe(800);

    // Replaced through B: the old picture is gone for A too, the new one is there.
    const updated = await saveProduct(b, { productID }, await pngImage(90, 120));
    expect(updated.statusCode).toBe(200);
    // The answer's image is the new picture's URL (its large size).
    const image = updated.json().product.image as string;
    expect((await a.inject({ url: image })).statusCode).toBe(200);
    expect((await a.inject({ url: small })).statusCode).toBe(404);
  });
});
