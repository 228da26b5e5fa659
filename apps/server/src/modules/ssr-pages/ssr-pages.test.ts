import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  FIRST_ANSWERS_ELEMENT_ID,
  PRODUCT_IMAGE_SIZES,
  productImageSrcSet,
  type FirstAnswer,
  type GetProductResponse,
  type GetProductsResponse,
  type RenderFirstScreen,
  SHOP_GRID_HIGH_PRIORITY_IMAGES,
  SIGNED_IN_HINT_SCRIPT,
} from '@otaku/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCatalogProduct, type CatalogProduct } from '../../../test/catalog-factories';
import { useTestApp } from '../../../test/helpers';
import { changed } from '../../db/changed';
import { productVariants } from '../../db/schema/index';
import { scriptHashSource } from '../../plugins/security';
import type { CatalogAnswers } from '../catalog/catalog-answers';
import { MANIFEST_PATH, screenChunks, SsrPages } from './ssr-pages';

/** A build as Vite writes it: the entry, a chunk it shares with the screens, three screens. */
const manifest = {
  'index.html': {
    file: 'assets/index-e1.js',
    name: 'index',
    isEntry: true,
    imports: ['_vendor-v1.js'],
    dynamicImports: ['src/home-route.tsx', 'src/shop-route.tsx', 'src/product-route.tsx'],
  },
  '_vendor-v1.js': { file: 'assets/vendor-v1.js', name: 'vendor' },
  '_card-c1.js': { file: 'assets/card-c1.js', name: 'card', imports: ['_vendor-v1.js'] },
  '_image-i1.js': { file: 'assets/image-i1.js', name: 'image' },
  'src/home-route.tsx': {
    file: 'assets/home-route-h1.js',
    name: 'home-route',
    isDynamicEntry: true,
    imports: ['index.html', '_card-c1.js'],
  },
  'src/shop-route.tsx': {
    file: 'assets/shop-route-s1.js',
    name: 'shop-route',
    isDynamicEntry: true,
    imports: ['index.html', '_card-c1.js', '_vendor-v1.js'],
  },
  'src/product-route.tsx': {
    file: 'assets/product-route-p1.js',
    name: 'product-route',
    isDynamicEntry: true,
    imports: ['index.html', '_image-i1.js'],
  },
};

const dist = mkdtempSync(path.join(os.tmpdir(), 'otaku-web-dist-'));
mkdirSync(path.join(dist, 'assets'));
mkdirSync(path.dirname(path.join(dist, MANIFEST_PATH)));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>Otaku Shelf</title><script type="module" crossorigin src="/assets/index-e1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-e1.css"></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(dist, MANIFEST_PATH), JSON.stringify(manifest));

const t = useTestApp({ WEB_DIST_DIR: dist });
let figures: CatalogProduct[];
let comic: CatalogProduct;

beforeAll(async () => {
  const db = t.database.db;
  figures = [];
  for (let i = 0; i < 3; i += 1) {
    const name = i === 0 ? 'Mecha </script><script>alert(1)</script> Figure' : `Figure ${i}`;
    figures.push(
      await createCatalogProduct(db, { category: 'toys', toyType: 'action-figure', name }),
    );
  }
  comic = await createCatalogProduct(db, { category: 'comics', stock: { V1: 2 } });
});

const page = (url: string) => t.app.inject({ method: 'GET', url });

/** The answers a page carries, read back the way the browser's parser would find them. */
function answersIn(html: string): FirstAnswer[] {
  const open = `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  if (start < 0) return [];
  const end = html.indexOf('</script>', start + open.length);
  return JSON.parse(html.slice(start + open.length, end)) as FirstAnswer[];
}

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the chunks a screen needs', () => {
  it("lists the screen's chunk and its imports, leaving out what the entry loads", () => {
    expect(screenChunks(manifest)).toEqual({
      home: ['/assets/home-route-h1.js', '/assets/card-c1.js'],
      shop: ['/assets/shop-route-s1.js', '/assets/card-c1.js'],
      product: ['/assets/product-route-p1.js', '/assets/image-i1.js'],
    });
  });

  it('lists nothing for a screen the build does not have', () => {
    expect(screenChunks({ 'index.html': manifest['index.html'] }).shop).toEqual([]);
  });
});

describe('a shop page as the server sends it', () => {
  it("carries the page's catalog answer exactly as the API sends it", async () => {
    const res = await page('/shop?category=toys&types=action-figure&sort=price-low');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const [first, ...rest] = answersIn(res.body);
    expect(rest).toEqual([]);
    expect(first!.query).toEqual({
      kind: 'products',
      constraints: {
        category: 'toys',
        productTypes: ['action-figure'],
        price: 0,
        sortBy: 'price-low',
        page: 1,
        searchQuery: '',
      },
    });
    const constraints = JSON.stringify((first!.query as { constraints: unknown }).constraints);
    const api = await page(
      `/api/product/getProducts?productConstraints=${encodeURIComponent(constraints)}`,
    );
    expect(first!.answer).toEqual(api.json());
    expect((first!.answer as GetProductsResponse).currPageProducts).toHaveLength(3);
  });

  it('names the shop chunks and the first pictures with the srcset and sizes the grid uses', async () => {
    const res = await page('/shop?category=toys');
    expect(modulePreloads(res.body)).toEqual(['/assets/shop-route-s1.js', '/assets/card-c1.js']);
    const { currPageProducts } = answersIn(res.body)[0]!.answer as GetProductsResponse;
    const pictures = [...res.body.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(
      (m) => m[0],
    );
    expect(pictures).toHaveLength(SHOP_GRID_HIGH_PRIORITY_IMAGES);
    pictures.forEach((link, i) => {
      expect(link).toContain(`imagesrcset="${productImageSrcSet(currPageProducts[i]!.images)}"`);
      expect(link).toContain(`imagesizes="${PRODUCT_IMAGE_SIZES.shopGrid}"`);
    });
  });

  it('cannot be closed early by what a product is called', async () => {
    const res = await page('/shop?category=toys&types=action-figure');
    expect(res.body).not.toContain('</script><script>alert(1)');
    const names = (answersIn(res.body)[0]!.answer as GetProductsResponse).currPageProducts.map(
      (p) => p.name,
    );
    expect(names).toContain('Mecha </script><script>alert(1)</script> Figure');
  });

  it('cannot be closed early by what the address searches for', async () => {
    const q = '</script><script>alert(1)</script>';
    const res = await page(`/shop?q=${encodeURIComponent(q)}`);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(answersIn(res.body)[0]!.query).toMatchObject({ constraints: { searchQuery: q } });
  });

  it("carries a product page's product and picture", async () => {
    const res = await page(`/shop/${comic.id}`);
    const [first] = answersIn(res.body);
    expect(first!.query).toEqual({ kind: 'product', productId: comic.id });
    const api = await page(`/api/product/${comic.id}`);
    expect(first!.answer).toEqual(api.json());
    const { images } = (first!.answer as GetProductResponse).product;
    expect(res.body).toContain(`imagesrcset="${productImageSrcSet(images)}"`);
    expect(res.body).toContain(`imagesizes="${PRODUCT_IMAGE_SIZES.productPage}"`);
    expect(modulePreloads(res.body)).toEqual([
      '/assets/product-route-p1.js',
      '/assets/image-i1.js',
    ]);
  });

  it('has its own title: the shop, a product by its name (escaped), a product there is not', async () => {
    const titleIn = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];
    expect(titleIn((await page('/')).body)).toBe('Otaku Shelf');
    expect(titleIn((await page('/shop?category=toys')).body)).toBe('Shop – Otaku Shelf');
    expect(titleIn((await page(`/shop/${comic.id}`)).body)).toBe(`${comic.name} – Otaku Shelf`);
    expect(titleIn((await page(`/shop/${figures[0]!.id}`)).body)).toBe(
      'Mecha &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; Figure – Otaku Shelf',
    );
    expect(titleIn((await page('/shop/COM-ZZZZZZ')).body)).toBe('Product not found – Otaku Shelf');
  });

  it("carries the home page's three carousels", async () => {
    const res = await page('/');
    const answers = answersIn(res.body);
    expect(answers.map((a) => a.query)).toMatchObject([
      { constraints: { category: 'comics' } },
      { constraints: { category: 'clothes' } },
      { constraints: { category: 'toys', productTypes: ['action-figure'] } },
    ]);
    expect(res.body).not.toContain('as="image"');
  });

  it('sends a product page of no product as a 404 without an answer, the app showing its screen', async () => {
    for (const url of ['/shop/COM-ZZZZZZ', `/shop/${'X'.repeat(60)}`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(answersIn(res.body), url).toEqual([]);
      expect(modulePreloads(res.body)[0], url).toBe('/assets/product-route-p1.js');
    }
  });

  it('sends a /shop/:<id> link on to the product page for good, keeping the query', async () => {
    for (const [url, target] of [
      [`/shop/:${comic.id}`, `/shop/${comic.id}`],
      [`/SHOP/::${comic.id}/?ref=mail`, `/shop/${comic.id}?ref=mail`],
    ]) {
      const res = await page(url!);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(target);
    }
  });

  it('reads an address with a trailing slash as the router does', async () => {
    const shop = answersIn((await page('/shop/?category=toys')).body);
    expect(shop[0]!.query).toMatchObject({ constraints: { category: 'toys' } });
    const product = answersIn((await page(`/shop/${comic.id}/`)).body);
    expect(product[0]!.query).toEqual({ kind: 'product', productId: comic.id });
  });

  it('sends other pages as they were built, as 404 where the app has no page', async () => {
    const pages = ['/cart', '/dashboard/orders', '/login?next=%2Fcart', '/History/', '/success'];
    for (const url of [...pages, '/no-such-page', '/dashboard/nothing', '/cart/x']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(pages.includes(url) ? 200 : 404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<title>Otaku Shelf</title>');
      expect(res.body, url).not.toContain('modulepreload');
      expect(res.body, url).not.toContain(FIRST_ANSWERS_ELEMENT_ID);
    }
  });

  it('goes without the answers when the catalog cannot give them quickly', async () => {
    const pages = (await SsrPages.load(dist, t.app.log))!;
    const stuck = { listing: () => new Promise(() => {}) } as unknown as CatalogAnswers;
    const failing = {
      product: () => Promise.reject(new Error('connection terminated')),
    } as unknown as CatalogAnswers;
    // The stuck answer never comes: the page is sent after the deadline without it.
    const slow = (await pages.page('/shop', '', stuck, t.app.log))?.body;
    const down = (await pages.page('/shop/COM-ABCDEF', '', failing, t.app.log))?.body;
    for (const html of [slow!, down!]) {
      expect(answersIn(html)).toEqual([]);
      expect(modulePreloads(html)).not.toEqual([]);
    }
  });

  it('does not send the build manifest', async () => {
    const res = await page(`/${MANIFEST_PATH}`);
    expect(res.body).not.toContain('isDynamicEntry');
  });
});

describe('the first screen rendered on the server', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const rootOf = (page: string) => /<div id="root">(.*)<\/div><\/body>/.exec(page)?.[1];

  it('puts the markup into #root, drawn from the answers the page carries', async () => {
    const calls: Array<{ url: string; answers: string | null }> = [];
    const draw: RenderFirstScreen = ({ url, answers }) => {
      calls.push({ url, answers });
      return Promise.resolve('<main>Figures</main>');
    };
    const pages = new SsrPages(html, manifest, draw);
    const sent = (await pages.page('/shop', '?category=toys', t.app.catalogAnswers, t.app.log))
      ?.body;
    expect(rootOf(sent!)).toBe('<main>Figures</main>');
    // The entry as Vite emits it, which hydrates the page at once; the screen's chunks beside it.
    expect(sent).toContain('<script type="module" crossorigin src="/assets/index-e1.js">');
    expect(sent).not.toContain('start-app');
    expect(sent).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/shop-route-s1.js">',
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/shop?category=toys');
    expect(JSON.parse(calls[0]!.answers!)).toEqual(answersIn(sent!));
  });

  it('marks a signed-in shopper before the first paint with an inline script the CSP allows by its hash', async () => {
    const pages = new SsrPages(html, manifest, () => Promise.resolve('<main>Figures</main>'));
    const sent = (await pages.page('/shop', '', t.app.catalogAnswers, t.app.log))!.body;
    const inline = [...sent.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toEqual([SIGNED_IN_HINT_SCRIPT]);
    // In the head, before the entry (and any style sheet), so it runs before the first paint.
    expect(sent.indexOf(SIGNED_IN_HINT_SCRIPT)).toBeLessThan(sent.indexOf('/assets/index-e1.js'));
    expect(sent.indexOf(SIGNED_IN_HINT_SCRIPT)).toBeLessThan(sent.indexOf('</head>'));
    const csp = (await page('/shop')).headers['content-security-policy'] as string;
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(scriptSrc).toEqual(["'self'", scriptHashSource(inline[0]!)]);
  });

  it("asks for what the first paint needs before the app's code: style sheet, pictures, entry, chunks", async () => {
    const drawn = new SsrPages(html, manifest, () => Promise.resolve('<main>Figures</main>'));
    const undrawn = new SsrPages(html, manifest, null);
    for (const pages of [drawn, undrawn]) {
      for (const url of [`/shop/${comic.id}`, '/shop']) {
        const [pathname, search = ''] = url.split('?');
        const sent = (await pages.page(pathname!, search, t.app.catalogAnswers, t.app.log))!.body;
        const at = (text: string) => {
          expect(sent, url).toContain(text);
          return sent.indexOf(text);
        };
        const order = [
          at('<title>'),
          at('<link rel="stylesheet" crossorigin href="/assets/index-e1.css">'),
          at('<link rel="preload" as="image"'),
          at('<script type="module" crossorigin src="/assets/index-e1.js">'),
          at(url === '/shop' ? '/assets/shop-route-s1.js' : '/assets/product-route-p1.js'),
          at('</head>'),
        ];
        expect(order, url).toEqual([...order].sort((a, b) => a - b));
        expect(sent.match(/rel="stylesheet"/g), url).toHaveLength(1);
        if (pages === drawn) {
          expect(sent.indexOf(SIGNED_IN_HINT_SCRIPT)).toBeLessThan(order[1]!);
        }
      }
    }
  });

  it('draws a screen whose answer is missing too, with none', async () => {
    const answers: Array<string | null> = [];
    const draw: RenderFirstScreen = (options) => {
      answers.push(options.answers);
      return Promise.resolve('<p>Loading</p>');
    };
    const pages = new SsrPages(html, manifest, draw);
    const sent = (await pages.page('/shop/COM-ZZZZZZ', '', t.app.catalogAnswers, t.app.log))?.body;
    expect(answers).toEqual([null]);
    expect(rootOf(sent!)).toBe('<p>Loading</p>');
  });

  it('sends the page without markup when drawing fails, reports an error or takes too long', async () => {
    const failing: RenderFirstScreen = () => Promise.reject(new Error('render failed'));
    const reporting: RenderFirstScreen = ({ onError }) => {
      onError?.(new Error('a boundary failed'));
      return Promise.resolve('<p>half a page</p>');
    };
    const stuck: RenderFirstScreen = ({ signal }) =>
      new Promise((_, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason));
      });
    for (const draw of [failing, reporting, stuck]) {
      const pages = new SsrPages(html, manifest, draw);
      const sent = (await pages.page('/shop', '', t.app.catalogAnswers, t.app.log))?.body;
      expect(rootOf(sent!)).toBe('');
      expect(answersIn(sent!)).not.toEqual([]);
      expect(sent).toContain('<script type="module" crossorigin src="/assets/index-e1.js">');
      // Rendered in the browser, signed in or not: no hint to give.
      expect(sent).not.toContain(SIGNED_IN_HINT_SCRIPT);
    }
  });

  it('sends pages without a first screen as they were built', async () => {
    const draw: RenderFirstScreen = () => Promise.resolve('<p>drawn</p>');
    const pages = new SsrPages(html, manifest, draw);
    expect(await pages.page('/cart', '', t.app.catalogAnswers, t.app.log)).toBeNull();
  });

  it("loads the build's server entry from dist-server/ beside the app, and goes without a broken one", async () => {
    const build = mkdtempSync(path.join(os.tmpdir(), 'otaku-web-build-'));
    cpSync(dist, path.join(build, 'dist'), { recursive: true });
    mkdirSync(path.join(build, 'dist-server'));
    const entry = path.join(build, 'dist-server', 'entry-server.js');
    writeFileSync(entry, 'export const renderFirstScreen = async ({ url }) => `<p>${url}</p>`;');
    const drawn = (await SsrPages.load(path.join(build, 'dist'), t.app.log))!;
    const sent = (await drawn.page('/shop', '?page=2', t.app.catalogAnswers, t.app.log))?.body;
    expect(rootOf(sent!)).toBe('<p>/shop?page=2</p>');

    // A module is imported once per process: the broken entry gets a build of its own.
    const broken = mkdtempSync(path.join(os.tmpdir(), 'otaku-web-build-'));
    cpSync(dist, path.join(broken, 'dist'), { recursive: true });
    mkdirSync(path.join(broken, 'dist-server'));
    writeFileSync(path.join(broken, 'dist-server', 'entry-server.js'), 'export const = ;');
    const plain = (await SsrPages.load(path.join(broken, 'dist'), t.app.log))!;
    const page = (await plain.page('/shop', '', t.app.catalogAnswers, t.app.log))?.body;
    expect(rootOf(page!)).toBe('');
    expect(answersIn(page!)).not.toEqual([]);
  });
});

describe('SSR pages kept until the catalog changes', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const counting = () => {
    const drawn: string[] = [];
    const draw: RenderFirstScreen = ({ url }) => {
      drawn.push(url);
      return Promise.resolve(`<main>${drawn.length}</main>`);
    };
    return { drawn, pages: new SsrPages(html, manifest, draw, t.database.changes.catalog) };
  };

  it('draws a page once, and again only after the catalog changed, showing the change', async () => {
    const { drawn, pages } = counting();
    const get = (pathname: string, search = '') =>
      pages.page(pathname, search, t.app.catalogAnswers, t.app.log);
    const first = await get(`/shop/${comic.id}`);
    expect(await get(`/shop/${comic.id}`)).toBe(first);
    await get('/shop', '?category=toys');
    expect(drawn).toEqual([`/shop/${comic.id}`, '/shop?category=toys']);
    const stockOf = (body: string) =>
      (answersIn(body)[0]!.answer as GetProductResponse).product.stock;
    expect(stockOf(first!.body)).toEqual({ V1: 2 });

    await t.database.db
      .update(productVariants)
      .set({ stock: 7 })
      .where(eq(productVariants.productId, comic.id));
    changed.catalog(t.database.db, 'all');
    const after = await get(`/shop/${comic.id}`);
    expect(after).not.toBe(first);
    expect(stockOf(after!.body)).toEqual({ V1: 7 });
    expect(drawn).toHaveLength(3);
    expect(await get('/cart')).toBeNull();
    // A product there is none of is a whole page too: the app shows the 404 itself.
    const unknown = await get('/shop/COM-ZZZZZZ');
    expect(await get('/shop/COM-ZZZZZZ')).toBe(unknown);
    expect(drawn).toHaveLength(4);
  });

  it('does not keep a page drawn without an answer that failed, or whose drawing failed', async () => {
    const { drawn, pages } = counting();
    const failing = {
      product: () => Promise.reject(new Error('connection terminated')),
    } as unknown as CatalogAnswers;
    const missing = await pages.page(`/shop/${comic.id}`, '', failing, t.app.log);
    expect(answersIn(missing!.body)).toEqual([]);
    const whole = await pages.page(`/shop/${comic.id}`, '', t.app.catalogAnswers, t.app.log);
    expect(answersIn(whole!.body)).toHaveLength(1);
    expect(await pages.page(`/shop/${comic.id}`, '', t.app.catalogAnswers, t.app.log)).toBe(whole);
    expect(drawn).toHaveLength(2);

    let tries = 0;
    const flaky: RenderFirstScreen = ({ onError }) => {
      tries += 1;
      if (tries === 1) onError?.(new Error('a boundary failed'));
      return Promise.resolve(`<p>try ${tries}</p>`);
    };
    const later = new SsrPages(html, manifest, flaky, t.database.changes.catalog);
    const pageOf = () => later.page('/shop', '', t.app.catalogAnswers, t.app.log);
    expect((await pageOf())!.body).not.toContain('<p>try 1</p>');
    expect((await pageOf())!.body).toContain('<p>try 2</p>');
    expect((await pageOf())!.body).toContain('<p>try 2</p>');
    expect(tries).toBe(2);
  });

  it('sends a page with its tag: a reload that finds the same page gets an empty 304', async () => {
    const first = await page('/shop?category=toys');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/shop?category=toys',
      headers: { 'if-none-match': tag, 'accept-encoding': 'br' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const packed = await t.app.inject({
      method: 'GET',
      url: '/shop?category=toys',
      headers: { 'accept-encoding': 'br' },
    });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers['content-type']).toMatch(/^text\/html/);
  });
});
