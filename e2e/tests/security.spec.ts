import { DASHBOARD_RULES, FIRST_ANSWERS_ELEMENT_ID, SIGNED_IN_HINT_SCRIPT } from '@otaku/shared';
import {
  apiLogin,
  baseURL,
  createShopper,
  createToy,
  expect,
  openAs,
  openAsAdmin,
  seedAdmin,
  test,
  toyInStock,
  unique,
  type APIRequestContext,
  type ErrorCollector,
  type Page,
  type Session,
} from '../fixtures';

/**
 * Hostile text stays text: product names and descriptions, user names and coupon codes that
 * hold HTML or script are shown literally in the shop and the dashboard and never run.
 * The fixture's error collector fails every test on a console error, so a blocked inline
 * handler (a CSP violation) or a broken `<img src=x>` request fails it too.
 */

const MARKER = 'Kitsunebi';
const PAYLOAD = {
  // Unique per run, so a retried test finds its own product, not the first attempt's.
  name: `${MARKER} Mask ${Date.now().toString(36)} <img src=x onerror="window.__xss=1">`,
  description: `<script>window.__xss=1</script>"><svg onload=window.__xss=1><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  // Twenty characters, the longest user name there is.
  username: '<svg/onload=__xss=1>',
  coupon: '<img src=x onerror=alert(1)>',
} as const;

/**
 * What would be in the page had any payload been parsed as HTML. The one inline script a page
 * has is the server's JSON of the first screen's answers (never run), where the payloads are
 * JSON strings.
 */
const INJECTED = `img[src="x"], [onerror], [onload], iframe`;
const INLINE_SCRIPTS = `script:not([src]):not(#${FIRST_ANSWERS_ELEMENT_ID}[type="application/json"])`;

/** Records every alert/confirm/prompt a page opens (and dismisses it). */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

/** Nothing of the payloads ran or became markup on the current page. */
async function expectInert(page: Page, dialogs: string[]) {
  const where = page.url();
  expect(await page.evaluate(() => '__xss' in window), `window.__xss on ${where}`).toBe(false);
  expect(dialogs, `dialogs on ${where}`).toEqual([]);
  await expect(page.locator(INJECTED), `injected elements on ${where}`).toHaveCount(0);
  // The SSR pages' signed-in hint is the one inline script the page may hold (the CSP allows
  // it by its hash); any other is injected.
  await expect
    .poll(
      () =>
        page
          .locator(INLINE_SCRIPTS)
          .evaluateAll(
            (scripts, hint) => scripts.filter((script) => script.textContent !== hint).length,
            SIGNED_IN_HINT_SCRIPT,
          ),
      { message: `injected scripts on ${where}` },
    )
    .toBe(0);
}

/** Adds one of a product with a single stock (no size or volume to pick) to the cart. */
async function addToCart(page: Page, productID: string) {
  await page.goto(`/shop/${productID}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to cart')).toBeVisible();
}

interface Fixture {
  productID: string;
  couponCode: string;
  shopper: Session & { email: string };
}
let made: Fixture;

/** The superAdmin creates the product and the coupon; a shopper signs up with a hostile name. */
async function createHostileData(request: APIRequestContext): Promise<Fixture> {
  const admin = await apiLogin(request, seedAdmin.email, seedAdmin.password);
  const headers = { authorization: `Bearer ${admin.token}` };
  const productID = await createToy(request, admin, {
    name: PAYLOAD.name,
    description: PAYLOAD.description,
    price: '9.5',
    toyType: 'doll',
    stock: '50',
  });

  const expiryDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const refused = await request.post('/api/coupon/createCoupon', {
    headers,
    data: { couponCode: PAYLOAD.coupon, discountPercentage: 10, expiryDate },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe(DASHBOARD_RULES.couponCodeFormat);
  // The closest code the schema allows: the words of a payload, lower-case on the way in.
  const couponCode = unique('img_onerror').replace(/-\d+$/, '').slice(0, 32);
  const coupon = await request.post('/api/coupon/createCoupon', {
    headers,
    data: { couponCode, discountPercentage: 10, expiryDate },
  });
  expect(coupon.status(), await coupon.text()).toBe(201);

  const shopper = await createShopper(request, PAYLOAD.username);
  expect(shopper.user.username).toBe(PAYLOAD.username);
  return { productID, couponCode: couponCode.toUpperCase(), shopper };
}

test.describe('hostile text never runs', () => {
  // Journeys of many screens each: room for a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL });
    made = await createHostileData(request);
    await request.dispose();
  });

  test('shop: search suggestions, results and the product page', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await page.goto('/shop');
    await page.getByRole('combobox', { name: 'Search' }).fill(MARKER);
    const suggestion = page.getByRole('option').filter({ hasText: PAYLOAD.name });
    await expect(suggestion).toBeVisible();
    await expectInert(page, dialogs);

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${MARKER}`));
    await expect(page.getByRole('main').getByText(PAYLOAD.name).first()).toBeVisible();
    await expectInert(page, dialogs);

    await page.goto(`/shop/${made.productID}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAYLOAD.name);
    await expect(page.getByText(PAYLOAD.description)).toBeVisible();
    await expectInert(page, dialogs);
  });

  test('cart, a refused markup coupon, the order, purchase history and the test checkout page', async ({
    page,
    pageErrors,
  }) => {
    const dialogs = watchDialogs(page);
    await openAs(page, made.shopper, '/');
    await addToCart(page, made.productID);

    await page.goto('/cart');
    const items = page.getByRole('region', { name: 'Cart items' });
    await expect(items.getByText(PAYLOAD.name)).toBeVisible();
    await expectInert(page, dialogs);

    await page.getByLabel('Delivery address').fill('1-2-3 Sotokanda, Tokyo');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply Coupon Code' });
    pageErrors.allow(/status of 400/);
    await dialog.getByLabel('Coupon code', { exact: true }).fill(PAYLOAD.coupon);
    await dialog.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(page.getByText('Invalid coupon code')).toBeVisible();
    await expectInert(page, dialogs);

    await dialog.getByLabel('Coupon code', { exact: true }).fill(made.couponCode.toLowerCase());
    await dialog.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(page.getByText('Order placed successfully!')).toBeVisible();

    await page.goto('/history');
    await expect(page.getByText(PAYLOAD.name)).toBeVisible();
    await expect(page.getByText(new RegExp(`Coupon ${made.couponCode}`))).toBeVisible();
    await expectInert(page, dialogs);

    // The test provider's hosted page is HTML the server writes itself.
    await addToCart(page, made.productID);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Pay with Card' }).click();
    await page.getByRole('button', { name: 'Skip Coupon & Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/api\/test\/checkout\/cs_test_/);
    await expect(page.getByRole('cell', { name: PAYLOAD.name })).toBeVisible();
    await expectInert(page, dialogs);
  });

  test('dashboard: products and the edit form, users, orders and coupons', async ({
    page,
    request,
  }) => {
    const dialogs = watchDialogs(page);
    await openAsAdmin(page, request, '/dashboard');
    await page.getByLabel('Search').fill(MARKER);
    await page.getByRole('button', { name: 'Load Products' }).click();
    await expect(page.getByRole('row', { name: PAYLOAD.name })).toBeVisible();
    await expectInert(page, dialogs);
    await page.getByRole('button', { name: `Edit ${PAYLOAD.name}` }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByLabel('Name')).toHaveValue(PAYLOAD.name);
    await expect(form.getByLabel('Description')).toHaveValue(PAYLOAD.description);
    await expectInert(page, dialogs);

    await page.goto('/dashboard/users');
    await page.getByLabel('Search by name or email').fill(made.shopper.email);
    await page.getByRole('button', { name: 'Load Users' }).click();
    const user = page.getByRole('row', { name: new RegExp(made.shopper.email) });
    await expect(user.getByText(PAYLOAD.username, { exact: true })).toBeVisible();
    await expectInert(page, dialogs);
    await page.getByRole('button', { name: `Edit ${PAYLOAD.username}` }).click();
    await expect(page.getByRole('dialog').getByLabel('Username')).toHaveValue(PAYLOAD.username);
    await expectInert(page, dialogs);

    await page.goto('/dashboard/orders');
    const order = page.getByRole('row', { name: new RegExp(made.shopper.email) }).first();
    await expect(order.getByText(PAYLOAD.username, { exact: true })).toBeVisible();
    await expect(order).toContainText(made.couponCode);
    await expectInert(page, dialogs);

    await page.goto('/dashboard/coupons');
    await expect(page.getByRole('row', { name: new RegExp(made.couponCode) })).toBeVisible();
    await page.getByRole('button', { name: 'Create Coupon' }).click();
    const couponForm = page.getByRole('dialog');
    await couponForm.getByLabel('Coupon code').fill(PAYLOAD.coupon);
    await couponForm.getByLabel('Discount (%)').fill('15');
    await couponForm.getByRole('button', { name: 'Create' }).click();
    await expect(couponForm.getByText(DASHBOARD_RULES.couponCodeFormat)).toBeVisible();
    await expectInert(page, dialogs);
  });
});

/**
 * Every screen runs under the Content-Security-Policy: the fixture fails a test on console
 * errors (Chromium logs each blocked resource) and page errors; a `securitypolicyviolation`
 * listener installed before any page script counts what the console might not say.
 */
test.describe('content security policy and headers', () => {
  /** Installs the listener in every page of the context, before the app's own scripts. */
  async function listenForViolations(page: Page) {
    await page.context().addInitScript(() => {
      const seen: string[] = [];
      Object.defineProperty(window, '__cspViolations', { value: seen });
      document.addEventListener('securitypolicyviolation', (event) => {
        const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
        seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}${where}`);
      });
    });
  }

  const violations = (page: Page) =>
    page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

  /**
   * Watches `page` from its first document on: `visit` opens a path and `expectClean` checks,
   * once the screen has settled (lazy chunks and images loaded), that nothing was refused.
   */
  async function watchScreens(page: Page, pageErrors: ErrorCollector) {
    await listenForViolations(page);
    const dialogs = watchDialogs(page);
    async function expectClean(what: string) {
      await page.waitForLoadState('networkidle');
      expect(await violations(page), `CSP violations on ${what}`).toEqual([]);
      expect(pageErrors.unexpected(), `console or page errors on ${what}`).toEqual([]);
      expect(dialogs, `dialogs on ${what}`).toEqual([]);
    }
    async function visit(path: string, heading: string | RegExp = /./) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expectClean(path);
    }
    return { expectClean, visit };
  }

  // Every screen of the shop and the dashboard, in three journeys that may run side by side:
  // a guest's pages, a shopper's purchase, and the staff's dashboard.
  test('every guest screen of the shop runs without violations or page errors', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.slow(); // a dozen screens, each waited on until its network is idle
    const { visit } = await watchScreens(page, pageErrors);
    const product = await toyInStock(request);
    for (const path of ['/', '/shop', '/login', '/signup', '/forgot-password', '/recruiter']) {
      await visit(path);
    }
    // An address the app has no page for shows the not-found page, sent as a 404 (which the
    // browser reports, as it should).
    pageErrors.allow(/status of 404 \(Not Found\) \(http:[^ ]+\/no-such-page:0\)$/);
    await visit('/no-such-page', /wandered off/i);
    await visit(`/shop/${product.productID}`, product.name);
    await visit('/api/docs', 'Otaku Shelf API');
  });

  test("a shopper's cart and card payment run without violations or page errors", async ({
    page,
    request,
    pageErrors,
  }) => {
    test.slow(); // a dozen screens, each waited on until its network is idle
    const { expectClean, visit } = await watchScreens(page, pageErrors);
    const product = await toyInStock(request);
    const shopper = await createShopper(request);
    await openAs(page, shopper, '/');
    await expectClean('/, signed in');
    await addToCart(page, product.productID);
    await expectClean('the product page, signed in');
    await visit('/cart');
    await page.getByLabel('Delivery address').fill('5 Dotonbori, Osaka');
    await page.getByRole('button', { name: 'Pay with Card' }).click();
    await expect(page.getByRole('dialog', { name: 'Apply Coupon Code' })).toBeVisible();
    await expectClean('the coupon dialog');
    await page.getByRole('button', { name: 'Skip Coupon & Proceed to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
    await expectClean('the test checkout page');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expectClean('/success');
    await expect(page).toHaveURL(/\/history$/, { timeout: 10_000 });
    await expectClean('/history');
  });

  test('every screen of the dashboard runs without violations or page errors', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.slow(); // a dozen screens, each waited on until its network is idle
    const { expectClean, visit } = await watchScreens(page, pageErrors);
    // A page of its own: no shopper refresh cookie or stored state for the app to renew.
    await openAsAdmin(page, request, '/dashboard');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectClean('/dashboard');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('dialog').getByLabel('Name')).toBeVisible();
    await expectClean('the product edit form');
    for (const path of ['/dashboard/orders', '/dashboard/users', '/dashboard/coupons']) {
      await visit(path);
    }

    // The listener itself works: an injected inline script is refused and reported.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.title = "injected"';
      document.head.append(script);
    });
    await expect
      .poll(() => violations(page))
      .toEqual([expect.stringMatching(/^script-src-elem blocked inline/)]);
    pageErrors.take();
  });

  test('every page and API response carries the security headers', async ({ request }) => {
    const product = await toyInStock(request);
    const index = await (await request.get('/')).text();
    const script = /<script[^>]+src="([^"]+)"/.exec(index)?.[1];
    expect(script, 'the bundle in index.html').toBeTruthy();
    const image = product.images.small;

    const html = [
      '/',
      '/shop',
      `/shop/${product.productID}`,
      '/cart',
      '/history',
      '/success?session_id=cs_test_unknown',
      '/login',
      '/signup',
      '/forgot-password',
      '/no-such-page',
      '/recruiter',
      '/dashboard',
      '/dashboard/orders',
      '/dashboard/users',
      '/dashboard/coupons',
      '/api/docs',
    ];
    const other: [method: 'GET' | 'POST', path: string, status: number][] = [
      ['GET', '/api/health', 200],
      ['GET', '/api/product/getProducts', 200],
      ['GET', `/api/product/${product.productID}`, 200],
      ['GET', '/api/product/COM-000000', 404],
      ['GET', '/api/order/allOrdersList', 401],
      ['POST', '/api/auth/login', 400],
      ['GET', '/api/docs/json', 200],
      ['GET', '/api/no-such-call', 404],
      ['GET', script!, 200],
      ['GET', image, 200],
    ];

    const missing = ['/no-such-page'];
    const checked = [
      ...html.map((path) => ['GET', path, missing.includes(path) ? 404 : 200] as const),
      ...other,
    ];
    for (const [method, path, status] of checked) {
      const response = await request.fetch(path, {
        method,
        data: method === 'POST' ? {} : undefined,
      });
      const what = `${method} ${path}`;
      expect(response.status(), what).toBe(status);
      const headers = response.headers();
      if (html.includes(path)) expect(headers['content-type'], what).toMatch(/^text\/html/);
      const csp = headers['content-security-policy'] ?? '';
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp, `${what}: ${directive}`).toContain(directive);
      }
      expect(csp, `${what}: no inline or eval scripts`).not.toMatch(/script-src[^;]*unsafe/);
      expect(headers['x-content-type-options'], what).toBe('nosniff');
      expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
      expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
      expect(headers['x-powered-by'], what).toBeUndefined();
      // HSTS and upgrade-insecure-requests only when PUBLIC_URL is https; this server's is not.
      expect(headers['strict-transport-security'], what).toBeUndefined();
    }
  });
});
