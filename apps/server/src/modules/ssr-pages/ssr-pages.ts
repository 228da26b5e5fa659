/**
 * The shop's SSR pages (home, shop, product) as the server sends them: the built index.html
 * with what the page's first screen needs written into its head, so the browser fetches it
 * alongside the app's own code (docs/decisions/084):
 * - `modulepreload` links for the screen's chunk and the chunks it imports, from the build's
 *   manifest (the app would ask for them only once its entry had run);
 * - the first screen's catalog answers, exactly as the API sends them, in a JSON script
 *   element the app puts into its query cache before its first render;
 * - a preload of the first product pictures, with the `srcset` and `sizes` their <img> uses,
 *   so the browser picks the same file and does not wait for the answer to know it; with the
 *   style sheet, they come before the app's entry, so they are asked for first (splitHead);
 * - the first screen itself, rendered from those answers by the web app's own components
 *   (apps/web/src/entry-server.tsx), inside #root: the browser paints it as soon as the page
 *   and its style sheet arrive, and the app's entry (a module script in the head, as Vite
 *   emits it) hydrates it as soon as it has run (docs/decisions/087, 146);
 * - the signed-in hint (SIGNED_IN_HINT_SCRIPT), an inline script the CSP allows by its hash:
 *   the page is always rendered signed out, and it lets a signed-in shopper's navigation bar
 *   show the shapes of theirs until the app hydrates (decision 146).
 *
 * The answers are the answer cache's (modules/catalog/catalog-answers.ts): as current as an API
 * call at the same moment. Anything that cannot be had quickly is left out, and the app asks
 * for it (or renders the screen) as it would without the hints. A page depends on its address
 * and those answers only, so a whole one is kept as a cached response until the catalog
 * changes (decision 095).
 *
 * Loaded by the ssr-pages module (ssr-pages.module.ts); the web app plugin sends the pages.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  firstScreen,
  FIRST_ANSWERS_ELEMENT_ID,
  PAGE_TITLES,
  PRODUCT_IMAGE_SIZES,
  productConstraintsSchema,
  productImageSrcSet,
  productParamsSchema,
  type FirstScreen,
  type FirstScreenQuery,
  type GetProductResponse,
  type GetProductsResponse,
  type ProductImage,
  type RenderFirstScreen,
  SHOP_GRID_HIGH_PRIORITY_IMAGES,
  SIGNED_IN_HINT_SCRIPT,
} from '@otaku/shared';
import type { FastifyBaseLogger } from 'fastify';
import { ChangeAwareCache } from '../../db/change-aware-cache';
import type { ChangeFeed } from '../../db/change-feed';
import { withDeadline } from '../../lib/deadline';
import { HTML_TYPE, PreparedBody } from '../../plugins/http-caching';
import type { CatalogAnswers } from '../catalog/catalog-answers';

/** The chunk of each screen, by the name the build gives it (apps/web/src/app/lazy-screens.ts). */
const SCREEN_CHUNKS: Record<FirstScreen['screen'], string> = {
  home: 'home-route',
  shop: 'shop-route',
  product: 'product-route',
};

/** How long a page waits for its first screen's answers before it goes without them. */
const ANSWERS_DEADLINE_MS = 1_000;

/** How long rendering the first screen may take before the page goes without it. */
const RENDER_DEADLINE_MS = 1_000;

/**
 * How many SSR pages are kept (decision 095): rendering one takes the server 15–35 ms, and a
 * page is the same for everyone until the catalog changes. 20–90 KB each, and its compressed
 * forms: at most about 25 MB.
 */
const PAGES_KEPT = 200;

/** A page as rendered, and whether everything it should hold was ready in time. */
interface RenderedPage {
  page: PreparedBody;
  complete: boolean;
}

/** Where the web build writes its server entry: `dist-server/` beside the app's `dist/`. */
const rendererPath = (webDistDir: string) =>
  path.join(webDistDir, '..', 'dist-server', 'entry-server.js');

/** The element the app mounts into, exactly as the built index.html has it. */
const ROOT_ELEMENT = '<div id="root"></div>';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Where Vite writes the manifest (`build.manifest: true`). */
export const MANIFEST_PATH = path.join('.vite', 'manifest.json');

const escapeAttribute = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON that cannot end the script element it sits in: `<` only occurs inside its strings. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/**
 * The chunk files each screen needs beyond what the page's entry already loads: the screen's
 * own chunk first, then what it imports, depth first.
 */
export function screenChunks(manifest: Manifest): Record<FirstScreen['screen'], string[]> {
  const entries = Object.entries(manifest);
  const loadedByEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || loadedByEntry.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported, into);
  };
  for (const [key, chunk] of entries) if (chunk.isEntry) walk(key, loadedByEntry);
  const files = (name: string) => {
    const key = entries.find(([, c]) => c.isDynamicEntry && c.name === name)?.[0];
    const keys = new Set<string>();
    if (key) walk(key, keys);
    return [...keys].map((k) => `/${manifest[k]!.file}`);
  };
  return {
    home: files(SCREEN_CHUNKS.home),
    shop: files(SCREEN_CHUNKS.shop),
    product: files(SCREEN_CHUNKS.product),
  };
}

/**
 * The screen's chunks, fetched beside the entry: the app loads them before it hydrates the
 * page (apps/web/src/main.tsx), and would otherwise ask for them only once its entry had run.
 */
const modulePreload = (href: string) =>
  `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`;

/** The built page's entry script, as Vite writes it. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="[^"]+"><\/script>/;

/** The built page's style sheets, as Vite writes them (after the entry and its preloads). */
const STYLE_SHEETS = /<link rel="stylesheet" crossorigin href="[^"]+">/g;

/**
 * A built head in two parts, between which a page's pictures go, so that what the first paint
 * needs is asked for before the app's code: the signed-in hint (SSR pages only; before the
 * style sheet, so that it does not wait for it), the style sheet, then (between the parts) the
 * pictures, then the entry and its module preloads as Vite wrote them. A phone's browser opens
 * six connections to the shop, and a picture asked for after a dozen chunks waited for them
 * (decision 172). A head without the entry is kept whole, the pictures after it.
 */
function splitHead(head: string, hint: string): [string, string] {
  const entry = ENTRY_SCRIPT.exec(head);
  if (!entry) return [head, ''];
  const before = head.slice(0, entry.index);
  const after = head.slice(entry.index);
  const sheets = after.match(STYLE_SHEETS) ?? [];
  return [`${before}${hint}${sheets.join('')}`, after.replace(STYLE_SHEETS, '')];
}

const picturePreload = (image: ProductImage, sizes: string) =>
  `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${escapeAttribute(
    productImageSrcSet(image),
  )}" imagesizes="${escapeAttribute(sizes)}">`;

/** The title element of the built index.html, which each SSR page replaces with its own. */
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;

/** The page's own title (PAGE_TITLES), a product's from its answer's JSON. */
function titleOf(screen: FirstScreen['screen'], answer: unknown, absent: boolean): string {
  if (screen !== 'product') return PAGE_TITLES[screen];
  if (absent) return PAGE_TITLES.productNotFound;
  if (answer === null) return PAGE_TITLES.shop;
  return PAGE_TITLES.product((answer as GetProductResponse).product.name);
}

/** A first-screen call's answer, or null when it has none (a 404) or the input is not valid. */
function answerFor(answers: CatalogAnswers, query: FirstScreenQuery): Promise<PreparedBody> | null {
  if (query.kind === 'products') {
    const constraints = productConstraintsSchema.safeParse(query.constraints);
    return constraints.success ? answers.listing(constraints.data) : null;
  }
  const params = productParamsSchema.safeParse({ productID: query.productId });
  return params.success ? answers.product(params.data.productID) : null;
}

/** The pictures worth fetching before the app knows it will draw them, from the answer. */
function picturesOf(screen: FirstScreen['screen'], answer: unknown): string[] {
  if (screen === 'shop') {
    const { currPageProducts } = answer as GetProductsResponse;
    return currPageProducts
      .slice(0, SHOP_GRID_HIGH_PRIORITY_IMAGES)
      .map((p) => picturePreload(p.images, PRODUCT_IMAGE_SIZES.shopGrid));
  }
  if (screen === 'product') {
    const { product } = answer as GetProductResponse;
    return [picturePreload(product.images, PRODUCT_IMAGE_SIZES.productPage)];
  }
  return [];
}

async function loadRenderer(
  webDistDir: string,
  log: FastifyBaseLogger,
): Promise<RenderFirstScreen | null> {
  const entry = rendererPath(webDistDir);
  if (!existsSync(entry)) return null;
  try {
    const loaded = (await import(pathToFileURL(entry).href)) as {
      renderFirstScreen?: RenderFirstScreen;
    };
    if (typeof loaded.renderFirstScreen === 'function') return loaded.renderFirstScreen;
    log.warn(
      { entry },
      'the web server entry has no renderFirstScreen; pages are not rendered on the server',
    );
  } catch (error) {
    log.warn(
      { err: error, entry },
      'the web server entry did not load; pages are not rendered on the server',
    );
  }
  return null;
}

export class SsrPages {
  /** The head, in two parts around the page's pictures (splitHead). */
  readonly #head: [string, string];
  /** The head of a page with its first screen rendered: with the signed-in hint. */
  readonly #ssrHead: [string, string];
  readonly #body: [string, string] | null;
  readonly #tail: string;
  readonly #chunks: Record<FirstScreen['screen'], string[]>;
  readonly #renderer: RenderFirstScreen | null;
  /** Pages kept until the catalog changes; none without a catalog feed. */
  readonly #kept: ChangeAwareCache<RenderedPage> | null;

  constructor(
    html: string,
    manifest: Manifest,
    renderer: RenderFirstScreen | null,
    catalog?: ChangeFeed,
  ) {
    const at = html.indexOf('</head>');
    this.#head = splitHead(html.slice(0, at), '');
    this.#ssrHead = splitHead(html.slice(0, at), `<script>${SIGNED_IN_HINT_SCRIPT}</script>`);
    this.#tail = html.slice(at);
    // The markup goes between #root's tags.
    const rootAt = this.#tail.indexOf(ROOT_ELEMENT);
    const inRoot = rootAt + ROOT_ELEMENT.length - '</div>'.length;
    this.#body = rootAt < 0 ? null : [this.#tail.slice(0, inRoot), this.#tail.slice(inRoot)];
    this.#chunks = screenChunks(manifest);
    this.#renderer = renderer;
    this.#kept = catalog ? new ChangeAwareCache(catalog, PAGES_KEPT) : null;
  }

  /**
   * The built page, its manifest and the app's server entry; null when the build has no
   * manifest to read. Without a server entry that loads, pages carry the hints only. With the
   * catalog's change feed, SSR pages are kept until the catalog changes.
   */
  static async load(
    webDistDir: string,
    log: FastifyBaseLogger,
    catalog?: ChangeFeed,
    /** The built index.html as the shop sends it (a demo's with its note); read if not given. */
    html = readFileSync(path.join(webDistDir, 'index.html'), 'utf8'),
  ): Promise<SsrPages | null> {
    const manifestFile = path.join(webDistDir, MANIFEST_PATH);
    if (!existsSync(manifestFile)) return null;
    if (!html.includes('</head>')) return null;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    return new SsrPages(html, manifest, await loadRenderer(webDistDir, log), catalog);
  }

  /**
   * The page for this address, ready to send; null when it is not a shop page with a first
   * screen. A page is kept until the catalog changes, unless something it should hold was
   * late or failed (then the next visit renders it again).
   */
  async page(
    pathname: string,
    search: string,
    answers: CatalogAnswers,
    log: FastifyBaseLogger,
  ): Promise<PreparedBody | null> {
    const first = firstScreen(pathname, search);
    if (!first) return null;
    const render = () => this.#renderPage(first, pathname, search, answers, log);
    const kept = this.#kept
      ? await this.#kept.get(`${pathname}${search}`, render, (p) => p.complete)
      : await render();
    return kept.page;
  }

  async #renderPage(
    first: FirstScreen,
    pathname: string,
    search: string,
    answers: CatalogAnswers,
    log: FastifyBaseLogger,
  ): Promise<RenderedPage> {
    let complete = true;
    /** Whether the catalog said there is nothing at this address (a product page of none). */
    let absent = false;
    const sent = await withDeadline(
      Promise.all(
        first.queries.map(async (query) => {
          const asked = answerFor(answers, query);
          if (!asked) {
            absent = true;
            return null;
          }
          const answer = await asked.catch((error: unknown) => {
            // The catalog's AppError says `status`; Fastify's own errors say `statusCode`.
            const { status, statusCode } = error as { status?: number; statusCode?: number };
            if ((status ?? statusCode ?? 500) < 500) absent = true;
            else {
              complete = false;
              log.warn({ err: error }, 'first screen answer not read');
            }
            return null;
          });
          return answer ? { query, body: answer.body } : null;
        }),
      ),
      ANSWERS_DEADLINE_MS,
    );
    if (sent === null) complete = false;
    const found = (sent ?? []).filter((a) => a !== null);
    const items = found.map(
      ({ query, body }) => `{"query":${JSON.stringify(query)},"answer":${body}}`,
    );
    const answersJson = items.length > 0 ? `[${items.join(',')}]` : null;
    const root = this.#body;
    const markup = root ? await this.#render(`${pathname}${search}`, answersJson, log) : null;
    if (root && this.#renderer && markup === null) complete = false;
    const hints = this.#chunks[first.screen].map(modulePreload);
    // The shop's and a product's one answer, read for its pictures and the page's title.
    const answer: unknown = first.screen !== 'home' && found[0] ? JSON.parse(found[0].body) : null;
    const pictures = answersJson !== null ? picturesOf(first.screen, answer) : [];
    if (answersJson !== null) {
      hints.push(
        `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${scriptSafe(
          answersJson,
        )}</script>`,
      );
    }
    const title = titleOf(first.screen, answer, absent);
    const [beforePictures, afterPictures] = markup !== null ? this.#ssrHead : this.#head;
    const head = `${beforePictures.replace(
      TITLE_ELEMENT,
      `<title>${escapeAttribute(title)}</title>`,
    )}${pictures.join('')}${afterPictures}`;
    const body = markup !== null && root ? `${root[0]}${markup}${root[1]}` : this.#tail;
    // The app shows its not-found screen; crawlers and link checkers read the status.
    const status = absent && first.screen === 'product' ? 404 : 200;
    const page = new PreparedBody(`${head}${hints.join('')}${body}`, HTML_TYPE, status);
    return { page, complete };
  }

  /** The first screen's markup, or null when it cannot be rendered in time (the app renders it). */
  async #render(
    url: string,
    answers: string | null,
    log: FastifyBaseLogger,
  ): Promise<string | null> {
    if (!this.#renderer) return null;
    let failed = false;
    try {
      const markup = await this.#renderer({
        url,
        answers,
        signal: AbortSignal.timeout(RENDER_DEADLINE_MS),
        onError: (error) => {
          failed = true;
          log.warn({ err: error }, 'first screen not rendered on the server');
        },
      });
      return failed ? null : markup;
    } catch (error) {
      log.warn({ err: error }, 'first screen not rendered on the server');
      return null;
    }
  }
}
