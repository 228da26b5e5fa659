import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_SHOP } from '@otaku/shared';
import { useTestApp } from '../../test/helpers';

const dist = mkdtempSync(path.join(os.tmpdir(), 'otaku-web-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Otaku Shelf</title>');
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
// What the web build writes beside a large file (apps/web/scripts/precompress.mjs).
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))})`;
writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), bigScript);
writeFileSync(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(bigScript));
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const t = useTestApp({ WEB_DIST_DIR: dist });

describe('the built web app', () => {
  it('serves index.html for client-side routes, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<title>Otaku Shelf</title>');
  });

  it('serves index.html as a 404 at an address the app has no page for', async () => {
    // The dashboard's unknown pages too: the app draws its own not-found view inside it.
    for (const url of ['/no-such-page?x=1', '/dashboard/nothing-here', '/dashboard/orders/42']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Otaku Shelf</title>');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the build-time brotli copy to a browser that accepts it', async () => {
    const url = '/assets/big-abc123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 10);
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('revalidates files that are not hashed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset or API route with a JSON 404, not the page', async () => {
    for (const url of ['/assets/missing.js', '/api/nothing-here', '/uploads/none.webp']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('does not serve the page for other methods', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/shop' });
    expect(res.statusCode).toBe(404);
  });
});

describe("a demo shop's pages", () => {
  const withBody = mkdtempSync(path.join(os.tmpdir(), 'otaku-web-dist-'));
  const page =
    '<!doctype html><html><head><title>Otaku Shelf</title></head><body><div id="root"></div></body></html>';
  writeFileSync(path.join(withBody, 'index.html'), page);
  writeFileSync(path.join(withBody, 'index.html.gz'), gzipSync(page));
  const demo = useTestApp({ WEB_DIST_DIR: withBody });
  const live = useTestApp({
    WEB_DIST_DIR: withBody,
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail.example.com:587',
    STRIPE_SECRET_KEY: 'sk_live_x',
    PUBLIC_URL: 'https://shop.example.com',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  });
  const banner = `<aside class="demo-banner" aria-label="Demo notice">${DEMO_SHOP.banner}</aside>`;

  it("open with a note saying so, before the app's root, at any address", async () => {
    for (const url of ['/cart', '/dashboard', '/no-such-page']) {
      const res = await demo.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain(`<body>${banner}<div id="root"></div>`);
    }
  });

  it('are never sent as the bare file: /index.html leads to the front page', async () => {
    for (const [url, to] of [
      ['/index.html', '/'],
      ['/index.html?utm_source=x', '/?utm_source=x'],
    ] as const) {
      const res = await demo.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(to);
    }
    const front = await demo.app.inject({ method: 'GET', url: '/' });
    expect(front.body).toContain(`<body>${banner}<div id="root"></div>`);
    // Nor its compressed copies, which the web build writes beside a large page.
    const copy = await demo.app.inject({ method: 'GET', url: '/index.html.gz' });
    expect(copy.headers['content-encoding']).toBeUndefined();
    expect(copy.body).toContain(banner);
  });

  it('say nothing of a demo in a live shop', async () => {
    const res = await live.app.inject({ method: 'GET', url: '/cart' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(DEMO_SHOP.banner);
  });
});

describe('a page large enough to compress', () => {
  const large = mkdtempSync(path.join(os.tmpdir(), 'otaku-web-dist-'));
  writeFileSync(
    path.join(large, 'index.html'),
    `<!doctype html><title>Otaku Shelf</title><body><div id="root"></div>${'<p>x</p>'.repeat(600)}</body>`,
  );
  const big = useTestApp({ WEB_DIST_DIR: large });

  it('says once that it varies by the accepted encoding, found or not, compressed or not', async () => {
    for (const url of ['/cart', '/no-such-page'])
      for (const accepted of [undefined, 'gzip, br', 'identity']) {
        const res = await big.app.inject({
          method: 'GET',
          url,
          headers: accepted ? { 'accept-encoding': accepted } : {},
        });
        expect(res.headers.vary, `${url} ${accepted}`).toBe('accept-encoding');
      }
  });
});
