/**
 * Pictures in an S3-compatible store (S3_BUCKET, decision 155), through the API: product
 * images and profile pictures are written to the bucket, served by the app at /uploads as from
 * the disk, removed when nothing shows them, kept while an order does; and a store that is
 * down or silent answers 503 without holding the request.
 */
import net from 'node:net';
import { SERVER, DASHBOARD_RULES } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { buildS3App, startObjectStore, type ObjectStore } from '../../../test/object-store';
import {
  createAccount,
  insertOrder,
  multipart,
  pngImage,
  type TestAccount,
} from '../../../test/staff';
import { S3ImageStore } from './s3-image-store';

let objectStore: ObjectStore;
let testDb: TestDatabase;
let app: FastifyInstance;
let bucket: S3ImageStore;
let admin: TestAccount;
let png: Buffer;

beforeAll(async () => {
  objectStore = await startObjectStore();
  testDb = await createTestDatabase();
  const config = objectStore.config();
  app = await buildS3App(config, testDb.database);
  bucket = new S3ImageStore(config.s3!);
  admin = await createAccount(testDb.database, config.jwtSecret, 'admin');
  png = await pngImage();
});

afterAll(async () => {
  await app?.close();
  bucket?.close();
  await testDb?.drop();
  await objectStore?.close();
});

const keys = async (prefix: 'products/' | 'avatars/') => {
  const found: string[] = [];
  for await (const { key } of bucket.list(prefix)) found.push(key);
  return found.sort();
};

const toy = (overrides: Record<string, string> = {}) => ({
  name: 'Bucket Robot',
  description: 'Kept in a bucket.',
  price: '19.99',
  category: 'toys',
  toyType: 'action-figure',
  stock: '3',
  ...overrides,
});

async function sendProduct(
  target: FastifyInstance,
  method: 'POST' | 'PUT',
  fields: Record<string, string>,
  image: Buffer | null = png,
) {
  const body = await multipart({
    ...fields,
    image: image ? { name: 'cover.png', type: 'image/png', data: image } : undefined,
  });
  return target.inject({
    method,
    url: method === 'POST' ? '/api/product/createProduct' : '/api/product/updateProduct',
    payload: body.payload,
    headers: { ...body.headers, ...admin.headers },
  });
}

const createProduct = async (target = app) => {
  const res = await sendProduct(target, 'POST', toy());
  expect(res.statusCode).toBe(201);
  return res.json().product.productID as string;
};

describe('product images in an S3 bucket', () => {
  it('stores both sizes in the bucket and serves them at /uploads with long cache headers', async () => {
    const id = await createProduct();
    expect(await keys('products/')).toEqual(
      expect.arrayContaining([`products/${id}-400.webp`, `products/${id}-800.webp`]),
    );
    const res = await app.inject({ url: `/uploads/products/${id}-800.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800 });

    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await app.inject({
      url: `/uploads/products/${id}-800.webp`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const head = await app.inject({ method: 'HEAD', url: `/uploads/products/${id}-400.webp` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it('replaces the picture under a new name and removes the old one nobody shows', async () => {
    const id = await createProduct();
    const res = await sendProduct(app, 'PUT', toy({ productID: id }), await pngImage(90, 120));
    expect(res.statusCode).toBe(200);
    const image = res.json().product.image as string;
    const key = image.slice('/uploads/products/'.length).replace(/-800\.webp$/, '');
    const stored = await keys('products/');
    expect(stored).toEqual(expect.arrayContaining([`products/${key}-400.webp`]));
    expect(stored).not.toContain(`products/${id}-400.webp`);
    expect(stored).not.toContain(`products/${id}-800.webp`);
    expect((await app.inject({ url: `/uploads/products/${id}-400.webp` })).statusCode).toBe(404);
  });

  it('removes a deleted product’s pictures, but keeps those an order shows', async () => {
    const gone = await createProduct();
    const bought = await createProduct();
    const shopper = await createAccount(testDb.database, app.config.jwtSecret, 'user');
    await insertOrder(
      testDb.database,
      shopper,
      {},
      { productImage: `/uploads/products/${bought}` },
    );
    for (const id of [gone, bought]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/product/deleteProduct',
        payload: { productID: id },
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    const stored = await keys('products/');
    expect(stored).not.toContain(`products/${gone}-400.webp`);
    expect(stored).toEqual(
      expect.arrayContaining([`products/${bought}-400.webp`, `products/${bought}-800.webp`]),
    );
    expect((await app.inject({ url: `/uploads/products/${bought}-400.webp` })).statusCode).toBe(
      200,
    );
  });

  it('serves 300 requests for pictures at once', async () => {
    const id = await createProduct();
    const urls = Array.from(
      { length: 300 },
      (_, i) => `/uploads/products/${id}-${i % 2 ? 400 : 800}.webp`,
    );
    const answers = await Promise.all(urls.map((url) => app.inject({ url })));
    expect(answers.map((res) => res.statusCode)).toEqual(urls.map(() => 200));
    expect(new Set(answers.map((res) => res.headers['content-length'])).size).toBe(2);
  });

  it('keeps the upload size limit', async () => {
    const huge = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await sendProduct(app, 'POST', toy(), huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: DASHBOARD_RULES.imageTooLarge });
  });

  it('answers 404 for a picture that is not there and for any name that is not the app’s', async () => {
    await bucket.put('products/SECRET-400.webp', Buffer.from('kept'), 'image/webp');
    for (const url of [
      '/uploads/products/NONE00-400.webp',
      '/uploads/products/%2e%2e%2fproducts%2fSECRET-400.webp',
      '/uploads/avatars/..%2F..%2Fjwt-secret.webp',
      '/uploads/products/SECRET-400.webp%00.png',
      '/uploads/products/sub/SECRET-400.webp',
      '/uploads/other/SECRET-400.webp',
      '/uploads/products/SECRET-400.webp.0a1b2c3d.tmp',
      '/uploads/products/SECRET-400.html',
      '/uploads/',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('profile pictures in an S3 bucket', () => {
  it('stores a new picture, serves it, and removes the one it replaces', async () => {
    const user = await createAccount(testDb.database, app.config.jwtSecret, 'user');
    const upload = async () => {
      const body = await multipart({
        profilePic: { name: 'me.png', type: 'image/png', data: await pngImage(300, 300) },
      });
      const res = await app.inject({
        method: 'PUT',
        url: `/api/user/update/${user.id}`,
        payload: body.payload,
        headers: { ...body.headers, ...user.headers },
      });
      expect(res.statusCode).toBe(200);
      return res.json().user.profilePic as string;
    };
    const first = await upload();
    expect(first).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
    const served = await app.inject({ url: first });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 256, height: 256 });

    const second = await upload();
    const stored = await keys('avatars/');
    expect(stored).toContain(second.slice('/uploads/'.length));
    expect(stored).not.toContain(first.slice('/uploads/'.length));
  });
});

describe('with S3_PUBLIC_URL (a CDN or a public bucket)', () => {
  const cdn = 'https://cdn.example.com/shop';
  let viaCdn: FastifyInstance;
  beforeAll(async () => {
    viaCdn = await buildS3App(objectStore.config({ S3_PUBLIC_URL: `${cdn}/` }), testDb.database);
  });
  afterAll(() => viaCdn?.close());

  it('points the pictures of answers there, and lets pages load them', async () => {
    const id = await createProduct(viaCdn);
    expect(await keys('products/')).toContain(`products/${id}-400.webp`);
    const answer = await viaCdn.inject({ url: `/api/product/${id}` });
    expect(answer.json().product.image).toBe(`${cdn}/products/${id}-800.webp`);
    expect(answer.json().product.images).toMatchObject({
      small: `${cdn}/products/${id}-400.webp`,
      large: `${cdn}/products/${id}-800.webp`,
    });
    const page = await viaCdn.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toMatch(
      /img-src 'self' data: blob: https:\/\/\*\.googleusercontent\.com https:\/\/cdn\.example\.com;/,
    );

    const shopper = await createAccount(testDb.database, app.config.jwtSecret, 'user');
    await insertOrder(testDb.database, shopper, {}, { productImage: `/uploads/products/${id}` });
    const orders = await viaCdn.inject({ url: '/api/order/getOrders', headers: shopper.headers });
    expect(orders.json().paginatedOrders[0].products[0].productId.image).toBe(
      `${cdn}/products/${id}-400.webp`,
    );

    const body = await multipart({
      profilePic: { name: 'me.png', type: 'image/png', data: await pngImage(300, 300) },
    });
    const edited = await viaCdn.inject({
      method: 'PUT',
      url: `/api/user/update/${shopper.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...shopper.headers },
    });
    const picture = edited.json().user.profilePic as string;
    expect(picture).toMatch(new RegExp(`^${cdn}/avatars/[\\w-]+\\.webp$`));
    expect(await keys('avatars/')).toContain(picture.slice(cdn.length + 1));
    const me = await viaCdn.inject({ url: '/api/auth/verify', headers: shopper.headers });
    expect(me.json().user.profilePic).toBe(picture);
  });

  it('leaves the app’s own pages and answers at /uploads without it', async () => {
    const id = await createProduct();
    const product = (await app.inject({ url: `/api/product/${id}` })).json().product;
    expect(product.images.small).toBe(`/uploads/products/${id}-400.webp`);
  });
});

describe('a store that cannot be reached', () => {
  let silent: net.Server;
  const held: net.Socket[] = [];
  let down: FastifyInstance;
  let quiet: FastifyInstance;

  beforeAll(async () => {
    // A port with nothing behind it, and a server that takes connections and never answers.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    silent = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as net.AddressInfo).port;

    const config = (port: number) => {
      const c = objectStore.config({ S3_ENDPOINT: `http://127.0.0.1:${port}` });
      return { ...c, s3: { ...c.s3!, callTimeoutMs: 500 } };
    };
    down = await buildS3App(config(closedPort), testDb.database);
    quiet = await buildS3App(config(silentPort), testDb.database);
  });

  afterAll(async () => {
    await down?.close();
    await quiet?.close();
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('answers 503 with a clear message for a picture and for an upload, down or silent', async () => {
    for (const target of [down, quiet]) {
      const picture = await target.inject({ url: '/uploads/products/ANY000-400.webp' });
      expect(picture.statusCode).toBe(503);
      expect(picture.json()).toMatchObject({
        success: false,
        message: SERVER.imagesUnavailable,
        code: 'UNAVAILABLE',
      });
      const upload = await sendProduct(target, 'POST', toy());
      expect(upload.statusCode).toBe(503);
      expect(upload.json()).toMatchObject({ message: SERVER.imagesUnavailable });
    }
  });

  it('still deletes a product, leaving its pictures to the sweep', async () => {
    const id = await createProduct();
    const res = await down.inject({
      method: 'POST',
      url: '/api/product/deleteProduct',
      payload: { productID: id },
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await keys('products/')).toContain(`products/${id}-400.webp`);
  });
});
