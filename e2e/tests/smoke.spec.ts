import { DEMO_SHOP, HOME, HOME_PAGE, TIMINGS } from '@otaku/shared';
import {
  apiLogin,
  createShopper,
  expect,
  getJson,
  listenForLoadingStep,
  openAs,
  readOutbox,
  seedAdmin,
  signInOnLoad,
  test,
  type APIRequestContext,
  type Page,
  type Session,
} from '../fixtures';

interface ProductList {
  success: boolean;
  currPageProducts?: { productID?: string; _id?: string; name?: string }[];
}

/** A product id from the demo catalog through the shop's own API, or a well-formed stand-in. */
async function someProductId(request: APIRequestContext) {
  const constraints = {
    category: 'comics',
    productTypes: ['all'],
    price: 0,
    sortBy: 'popular',
    page: 1,
    searchQuery: '',
  };
  const response = await request.get('/api/product/getProducts', {
    params: { productConstraints: JSON.stringify(constraints) },
  });
  if (response.ok()) {
    const body = (await response.json()) as ProductList;
    const first = body.currPageProducts?.[0];
    const id = first?.productID ?? first?._id;
    if (id) return id;
  }
  return 'COM-8F3K2Q';
}

/** The frame every shopper screen shares: main navigation, one h1, main landmark and footer. */
async function expectShell(page: Page) {
  await expect(page).toHaveTitle(/Otaku Shelf/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // The journeys run a demo shop (outside production), whose every page says so.
  await expect(page.getByRole('complementary', { name: 'Demo notice' })).toHaveText(
    DEMO_SHOP.banner,
  );
}

/** The app's entry script as the build names it (a module script in the page's head). */
const APP_ENTRY = /\/assets\/index-[^/]+\.js$/;

/**
 * Holds every CSS animation of the pages `page` opens from the moment it is created (the home
 * loading screen then never ends by itself), or only where `storedKey` is in storage: a style
 * sheet added before the page is parsed pauses them all, until the page's own
 * `releaseAnimations()` takes it away. Pausing them once the page was parsed came too late on a
 * busy machine: the browser may style what it has parsed so far and start its animations before
 * that, and a step's animation that had already ended by then was gone from getAnimations() and
 * could not be wound back.
 */
const holdAnimationsFromParse = (page: Page, storedKey?: string) =>
  page.addInitScript((key) => {
    if (key && localStorage.getItem(key) === null) return;
    const hold = new CSSStyleSheet();
    hold.replaceSync('*, ::before, ::after { animation-play-state: paused !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, hold];
    (window as HeldAnimations).releaseAnimations = () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== hold);
    };
  }, storedKey);
type HeldAnimations = Window & { releaseAnimations?: () => void };

test.describe('shell', () => {
  test('home, then the shop through the navigation bar, then a product page and back', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expectShell(page);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Shop', exact: true })
      .click();
    await expect(page).toHaveURL(/\/shop$/);
    await expectShell(page);

    const productId = await someProductId(request);
    await page.goto(`/shop/${productId}`);
    await expect(page).toHaveURL(new RegExp(`/shop/${productId}$`));
    await expectShell(page);

    await page.getByRole('link', { name: /back/i }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  // One journey per page, so that the five can run side by side.
  for (const [screen, signedIn] of [
    ['/', false],
    ['/shop', false],
    ['a product', false],
    ['/cart', true],
    ['/history', true],
  ] as const) {
    test(`shop pages load no form-validation (zod) code: only the forms that need it do (${screen})`, async ({
      browser,
      request,
    }) => {
      const path = screen === 'a product' ? `/shop/${await someProductId(request)}` : screen;
      const session: Session | null = signedIn ? await createShopper(request) : null;
      // A page of its own, so that every script it needs is fetched, not taken from memory.
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        if (session) await signInOnLoad(page, session);
        const scripts: Promise<[string, string]>[] = [];
        page.on('response', (response) => {
          if (/\/assets\/[^/]+\.js$/.test(response.url()))
            scripts.push(response.text().then((text) => [response.url(), text]));
        });
        await page.goto(path, { waitUntil: 'networkidle' });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const loaded = await Promise.all(scripts);
        expect(loaded.length, `${path} loads the app`).toBeGreaterThan(0);
        // zod's schema classes name themselves; a shop page that imports a constant from a module
        // that also builds a schema at load pulls ~22 KB of them into its first load. Its core
        // (what setting Zod up needs, ~4 KB) keeps every instance's state under `_zod` and
        // names its async error: neither comes with a shop page either (the set-up is zod.ts of
        // @otaku/shared, loaded with the first schema).
        const zodCode = ['$ZodObject', '_zod', 'Encountered Promise during synchronous parse'];
        const withZod = loaded
          .filter(([, text]) => zodCode.some((mark) => text.includes(mark)))
          .map(([u]) => u);
        expect(withZod, `scripts ${path} loads with zod's code`).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  test("the app's own code comes in one file: the entry imports no other file before it runs", async ({
    request,
  }) => {
    // Each file the entry imports statically is one more round trip before the app can start
    // on a phone's connection (docs/decisions/183); the screens' chunks it loads on demand are
    // `import(…)` calls, which this does not count.
    const html = await (await request.get('/shop')).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
    expect(entry, "the page names the app's entry").toBeTruthy();
    const code = await (await request.get(entry!)).text();
    const staticImports =
      code.match(/(?:^|[;\n])\s*import\s*(?:[\w$*{][^;"']*from\s*)?["'][^"']+["']/g) ?? [];
    expect(staticImports).toEqual([]);
  });

  test('an SSR page names three scripts at most: the entry, what the screens share, its screen', async ({
    request,
  }) => {
    // Each is a request before the screen can start on a phone's connection; left to itself
    // the build made a file of each shared piece, and the shop page named eight (decision 186).
    const productId = await someProductId(request);
    for (const url of ['/', '/shop', `/shop/${productId}`]) {
      const html = await (await request.get(url)).text();
      const scripts = html.match(/<script type="module"[^>]* src=|<link rel="modulepreload"/g);
      expect(scripts?.length, url).toBeLessThanOrEqual(3);
    }
  });

  test('the /shop/:{id} link form lands on the canonical product URL', async ({
    page,
    request,
  }) => {
    const productId = await someProductId(request);
    await page.goto(`/shop/:${productId}`);
    await expect(page).toHaveURL(new RegExp(`/shop/${productId}$`));
    await expectShell(page);
  });

  test('shop pages arrive with their first screen: the app asks the catalog nothing to draw it', async ({
    page,
    request,
  }) => {
    const productId = await someProductId(request);
    const catalogCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/product/')) catalogCalls.push(r.url());
    });
    for (const [url, chunk] of [
      ['/', 'home-route'],
      ['/shop?category=toys', 'shop-route'],
      [`/shop/${productId}`, 'product-route'],
    ] as const) {
      // The built page names the screen's chunk: the server found it in the build's manifest.
      const html = await (await request.get(url)).text();
      expect(html, url).toMatch(new RegExp(`rel="modulepreload"[^>]* href="/assets/${chunk}-`));
      await page.goto(url);
      await expectShell(page);
      await expect(page.locator('main img').first(), url).toBeVisible();
    }
    expect(catalogCalls).toEqual([]);
  });

  test('shop pages are rendered on the server: their first screen shows before any script runs', async ({
    browser,
    request,
  }) => {
    const productId = await someProductId(request);
    const { product } = await getJson<{ product: { name: string } }>(
      request,
      `/api/product/${productId}`,
    );
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/shop/${productId}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await page.goto('/shop?category=comics');
      await expectShell(page);
      await expect(page.locator('main img').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
      // The home page's loading screen ends by itself when its last section flag is due.
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('progressbar')).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test('the SSR home loading screen steps through its progress by itself, then shows the hero', async ({
    browser,
  }) => {
    // Without the app (its entry refused, on a page of its own: the journeys' pages wait for
    // the app), the screen's own CSS does it all (docs/decisions/090, 100).
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.route(APP_ENTRY, (route) => route.abort());
      // The screen's clock held from the start, however long the page takes to load here.
      await holdAnimationsFromParse(page);
      await page.goto('/');
      // Each moment of the screen, read with its animations held there.
      const at = (ms: number) =>
        page.evaluate((ms) => {
          const screen = document.querySelector<HTMLElement>('.home-loading-screen')!;
          for (const animation of document.getAnimations()) {
            animation.pause();
            animation.currentTime = ms;
          }
          const shown = (element: Element | null) =>
            !!element && element.getClientRects().length > 0;
          const steps = [...screen.querySelectorAll<HTMLElement>('.home-loading-step')].filter(
            shown,
          );
          return {
            screen: shown(screen),
            steps: steps.map((step) => step.textContent || `bar ${step.style.width}`),
            hero: shown(document.getElementById('hero-title')),
          };
        }, ms);
      const step = (percent: number, text: string, bar = true) => ({
        screen: true,
        steps: [`${percent}%`, ...(bar ? [`bar ${percent}%`] : []), text],
        hero: false,
      });
      expect(await at(100)).toEqual(step(0, 'Loading banner...', false));
      expect(await at(450)).toEqual(step(25, 'Loading comics section...'));
      expect(await at(750)).toEqual(step(50, 'Loading clothes section...'));
      expect(await at(1050)).toEqual(step(75, 'Loading action figures...'));
      // At 100 % the screen says so for 300 ms before it goes (docs/decisions/162).
      expect(await at(1350)).toEqual(step(100, 'Almost ready!'));
      expect(await at(1550)).toEqual({ screen: false, steps: [], hero: true });
    } finally {
      await context.close();
    }
  });

  test('the home loading screen goes only once the page has drawn its last step, however far ahead the app’s clock runs', async ({
    page,
  }) => {
    // A phone too busy to draw: the screen's CSS is held while the app's clock runs past the
    // screen's end. The app waits for the screen's own end, so once the page draws again the
    // shopper still sees 100 % and 'Almost ready!' before the hero (docs/decisions/185).
    await holdAnimationsFromParse(page);
    const almostReadyShown = await listenForLoadingStep(page, HOME.almostReady);
    await page.clock.install();
    await page.goto('/');
    // The app has hydrated the page and set its timers; then its clock runs past them all.
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    await page.clock.runFor(TIMINGS.homeForceLoadedMs + 500);
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await page.evaluate(() => (window as HeldAnimations).releaseAnimations!());
    await almostReadyShown();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the home page is hydrated at once, and still shows its hero after the loading screen', async ({
    page,
    request,
  }) => {
    await page.addInitScript(() => {
      const seen = window as unknown as { heroShownAt?: number };
      const watch = () => {
        if (document.getElementById('hero-title')?.getClientRects().length) {
          seen.heroShownAt = performance.now();
        } else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const entryAskedAt = () =>
      page.evaluate(
        (entryName) =>
          performance.getEntriesByType('resource').find((entry) => entry.name.match(entryName))
            ?.startTime,
        APP_ENTRY.source,
      );
    // The entry is a module script of the page's head (decision 146): asked for with the page,
    // not after the screen has run its course.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const heroShownAt = await page.evaluate(
      () => (window as unknown as { heroShownAt?: number }).heroShownAt,
    );
    expect(heroShownAt).toBeDefined();
    expect(await entryAskedAt()).toBeLessThan(heroShownAt!);

    // With the screen held as the page is parsed (it never ends by itself), a signed-in
    // shopper's app hydrates all the same and shows who they are.
    await holdAnimationsFromParse(page, 'userInfo');
    await openAs(page, await apiLogin(request, seedAdmin.email, seedAdmin.password), '/');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // The app shows the session itself now: the SSR page's hint is gone.
    await expect(page.locator('html')).not.toHaveAttribute('data-signed-in');
  });

  test('the home carousels slide once the loading screen has gone, on a phone and a desktop', async ({
    page,
  }) => {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const comics = page.getByRole('group', { name: HOME_PAGE.comicsTitle, exact: true });
      const first = comics.getByRole('group', { name: /^1 of / });
      const previous = comics.getByRole('button', { name: HOME_PAGE.previousSlide });
      const next = comics.getByRole('button', { name: HOME_PAGE.nextSlide });
      await expect(previous).toBeDisabled();
      await expect(next).toBeEnabled();
      const startX = (await first.boundingBox())!.x;
      await next.click();
      await expect(previous).toBeEnabled();
      await expect.poll(async () => (await first.boundingBox())!.x).toBeLessThan(startX - 100);
      await previous.click();
      await expect(previous).toBeDisabled();
      await expect
        .poll(async () => Math.round((await first.boundingBox())!.x))
        .toBe(Math.round(startX));
    }
  });

  for (const who of ['shopper', 'staff'] as const) {
    test(`an SSR page opened by ${who} shows their bar's shapes until the app shows them`, async ({
      browser,
      request,
    }) => {
      const session =
        who === 'staff'
          ? await apiLogin(request, seedAdmin.email, seedAdmin.password)
          : await createShopper(request);
      // The app's entry refused (a page of its own: the journeys' pages wait for the app), on
      // a phone's width and a small tablet's, where the signed-in bar shows no name and the
      // shapes match it exactly. Staff's dashboard link stands in the row at every width (the
      // brand makes room for it on a phone, decision 171).
      for (const width of [412, 800]) {
        const staffRow = who === 'staff';
        const context = await browser.newContext({ viewport: { width, height: 823 } });
        try {
          const page = await context.newPage();
          await page.route(APP_ENTRY, (route) => route.abort());
          await page.goto('/shop');
          const login = page.getByRole('link', { name: 'Login' });
          const placeholder = page.locator('[data-session-placeholder]');
          const dashboard = page.getByRole('link', { name: 'Dashboard' });
          await expect(login).toBeVisible();
          await expect(placeholder).toBeHidden();
          await expect(dashboard).toBeHidden();
          await openAs(page, session, '/shop');
          const hint = who === 'staff' ? 'staff' : '';
          await expect(page.locator('html')).toHaveAttribute('data-signed-in', hint);
          await expect(login).toBeHidden();
          await expect(placeholder).toBeVisible();
          await expect(dashboard).toBeVisible({ visible: staffRow });
          const nav = page.getByRole('navigation', { name: 'Main' });
          const drawnAt = (await nav.boundingBox())?.x;

          // Once the app runs, the real bar stands where the shapes stood: the links stay put.
          await page.unroute(APP_ENTRY);
          await page.goto('/shop');
          await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
          await expect(placeholder).toHaveCount(0);
          await expect(dashboard).toBeVisible({ visible: staffRow });
          expect((await nav.boundingBox())?.x, `${width} px`).toBe(drawnAt);
        } finally {
          await context.close();
        }
      }
    });
  }

  test('the error collector catches a Content-Security-Policy violation', async ({
    page,
    pageErrors,
  }) => {
    await page.goto('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.title = "injected"';
      document.head.append(script);
    });
    await expect.poll(() => pageErrors.messages.join('\n')).toMatch(/Content Security Policy/);
    await expect(page).toHaveTitle(/Otaku Shelf/);
    pageErrors.take();
  });
});

test.describe('server', () => {
  test('GET /api/health says ok', async ({ request }) => {
    const health = await getJson<{ status: string; database: { ok: boolean } }>(
      request,
      '/api/health',
    );
    expect(health.status).toBe('ok');
    expect(health.database.ok).toBe(true);
  });

  test('the dev outbox answers: the server runs outside production', async ({ request }) => {
    expect(Array.isArray(await readOutbox(request))).toBe(true);
  });
});
