/**
 * Pictures on the disk (no S3_BUCKET), served at /uploads as before the image store: a year's
 * immutable cache, the ETag @fastify/static gave them (so browsers keep their copies), 304 on
 * a revalidation, and 404 for a missing picture or a name that is not the app's.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';

const t = useTestApp();

describe('GET /uploads/* from the disk', () => {
  it('serves a stored picture with its type, a year’s cache, an ETag and 304', async () => {
    const dir = path.join(t.config.uploadsDir, 'products');
    await mkdir(dir, { recursive: true });
    const bytes = Buffer.from('RIFF0000WEBPVP8 picture bytes');
    await writeFile(path.join(dir, 'TOY-DISK01-400.webp'), bytes);
    await writeFile(path.join(t.config.uploadsDir, 'jwt-secret.webp'), 'not a picture of ours');

    const res = await t.app.inject({ url: '/uploads/products/TOY-DISK01-400.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': String(bytes.length),
    });
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers['last-modified']).toBeDefined();

    const again = await t.app.inject({
      url: '/uploads/products/TOY-DISK01-400.webp',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    for (const url of [
      '/uploads/products/TOY-NONE00-400.webp',
      '/uploads/jwt-secret.webp',
      '/uploads/products/..%2F..%2Fjwt-secret.webp',
      '/uploads/products',
    ]) {
      const missing = await t.app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});
