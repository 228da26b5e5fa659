import { HOME, PAGES, VALIDATION, type GetProductsResponse, type Product } from '@otaku/shared';
import {
  expect,
  getJson,
  listenForLoadingStep,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '../fixtures';

const listUrl = (constraints: object) =>
  `/api/product/getProducts?productConstraints=${encodeURIComponent(JSON.stringify(constraints))}`;

const listProducts = (request: APIRequestContext, constraints: object) =>
  getJson<GetProductsResponse>(request, listUrl(constraints));

/** A product with one variant sold out and another in stock, from the demo catalog. */
async function productWithSoldOutVariant(request: APIRequestContext) {
  for (const category of ['comics', 'clothes', 'shoes']) {
    const { currPageProducts } = await listProducts(request, { category });
    for (const product of currPageProducts) {
      if (typeof product.stock === 'number') continue;
      const entries = Object.entries(product.stock);
      const soldOut = entries.find(([, n]) => n === 0)?.[0];
      const inStock = entries.find(([, n]) => n >= 3)?.[0];
      if (soldOut && inStock) return { product, soldOut, inStock };
    }
  }
  throw new Error('the demo catalog has no product with a sold-out and an in-stock variant');
}

const grid = (page: Page) => page.getByRole('region', { name: 'Products' });

/** The product names the grid shows, in order. */
const gridNames = (page: Page) => grid(page).getByRole('heading', { level: 3 }).allTextContents();

/** The prices the grid shows, in dollars, in order. */
async function gridPrices(page: Page): Promise<number[]> {
  const texts = await grid(page).locator('p', { hasText: /^\$\d/ }).allTextContents();
  return texts.map((t) => Number(t.replace('$', '')));
}

/** Waits until the grid shows what the API answers for the same filter. */
async function expectGridToMatch(page: Page, request: APIRequestContext, constraints: object) {
  const { currPageProducts } = await listProducts(request, constraints);
  await expect.poll(() => gridNames(page)).toEqual(currPageProducts.map((p) => p.name));
}

const filters = (page: Page, phone: boolean) =>
  phone
    ? page.getByRole('dialog', { name: 'Filters' })
    : page.getByRole('complementary', { name: 'Filters' });

async function searchFor(page: Page, text: string) {
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill(text);
  await box.press('Enter');
}

/** The journeys of spec §2/§4, at a desktop width and on a 390 px phone with the drawer. */
for (const device of ['desktop', 'phone'] as const) {
  const phone = device === 'phone';

  test.describe(`catalog on a ${device}`, () => {
    test.use({ viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 } });

    test('filter, sort, go back, reload, clear, search with a typo and paginate', async ({
      page,
      request,
    }) => {
      await page.goto('/shop');
      await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
      await expectGridToMatch(page, request, { category: 'comics' });
      // Pictures arrive in the size the card reserved for them (decorative: the name is the link).
      const firstImage = grid(page).locator('img').first();
      await expect(firstImage).toHaveAttribute('width', '800');
      await expect(firstImage).toHaveAttribute('srcset', /-400\.webp 400w, .*-800\.webp 800w/);
      await expect
        .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);

      // The filter is the URL: a control shows its new state once the navigation commits, so
      // click and then expect, rather than check() (which insists on an immediate change).
      await page.getByRole('radio', { name: 'Clothes' }).click();
      await expect(page.getByRole('radio', { name: 'Clothes' })).toBeChecked();
      await expect(page).toHaveURL(/\/shop\?category=clothes$/);

      if (phone) {
        await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
        await page.getByRole('button', { name: 'Open filters' }).click();
      }
      const panel = filters(page, phone);
      await panel.getByRole('checkbox', { name: 'T-Shirts' }).click();
      await expect(panel.getByRole('checkbox', { name: 'T-Shirts' })).toBeChecked();
      await expect(panel.getByRole('checkbox', { name: 'All' })).not.toBeChecked();
      await expect(page).toHaveURL(/types=t-shirt/);

      const slider = panel.getByRole('slider', { name: 'Max price' });
      await slider.focus();
      await slider.press('Home');
      for (let i = 0; i < 3; i++) await slider.press('PageUp');
      await expect(panel.getByText('Up to $30')).toBeVisible();
      await expect(page).toHaveURL(/price=30/);

      await panel.getByLabel('Sort by').selectOption('price-low');
      await expect(page).toHaveURL(/sort=price-low/);
      if (phone) {
        await page.getByRole('button', { name: 'Close filters' }).click();
        await expect(page.getByRole('dialog')).toBeHidden();
      }
      const filter = {
        category: 'clothes',
        productTypes: ['t-shirt'],
        price: 30,
        sortBy: 'price-low',
      };
      await expectGridToMatch(page, request, filter);
      const prices = await gridPrices(page);
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.every((p) => p <= 30)).toBe(true);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));

      // The filter lives in the URL: Back undoes the sort, a reload keeps the rest.
      await page.goBack();
      await expect(page).not.toHaveURL(/sort=/);
      await expectGridToMatch(page, request, { ...filter, sortBy: 'popular' });
      await page.reload();
      await expect(page).toHaveURL(/types=t-shirt&price=30/);
      await expect(page.getByRole('button', { name: 'Remove Up to $30' })).toBeVisible();

      await page.getByRole('button', { name: 'Clear All' }).click();
      await expect(page).toHaveURL(/\/shop\?category=clothes$/);
      await expectGridToMatch(page, request, { category: 'clothes' });

      // A one-letter search is refused; a typo still finds Naruto, in every category.
      await searchFor(page, 'n');
      await expect(page.getByText(VALIDATION.searchTooShort)).toBeVisible();
      const box = page.getByRole('combobox', { name: 'Search' });
      await box.fill('narto');
      await expect(page.getByRole('option', { name: /Naruto/ }).first()).toBeVisible();
      await box.press('Enter');
      await expect(page.getByText('Results for “narto” in all categories')).toBeVisible();
      await expect(page).toHaveURL(/q=narto/);
      await expect.poll(async () => (await gridNames(page))[0]).toMatch(/Naruto/);

      // A broad search has several pages: Previous and Next, at most 3 numbers.
      await searchFor(page, 'and');
      const pages = page.getByRole('navigation', { name: 'Pages' });
      await expect(pages.getByRole('button', { name: /Previous/ })).toBeDisabled();
      const { totalPages } = await listProducts(request, { searchQuery: 'and' });
      expect(totalPages).toBeGreaterThan(1);
      await pages.getByRole('button', { name: /Next/ }).click();
      await expect(page).toHaveURL(/page=2/);
      await expectGridToMatch(page, request, { searchQuery: 'and', page: 2 });
      const next = pages.getByRole('button', { name: /Next/ });
      for (let p = 3; p <= totalPages; p++) {
        await next.click();
        await expect(page).toHaveURL(new RegExp(`page=${p}`));
      }
      await expect(next).toBeDisabled();
      await expect(pages.getByRole('button', { name: `Page ${totalPages}` })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(
        Math.min(3, totalPages),
      );
    });

    test('open a product, pick a variant and see a sold-out one disabled', async ({
      page,
      request,
    }) => {
      const { product, soldOut, inStock } = await productWithSoldOutVariant(request);
      const searched = `?q=${encodeURIComponent(product.name)}`;
      await page.goto(`/shop${searched}`);
      await grid(page).getByRole('link', { name: product.name }).first().click();
      await expect(page).toHaveURL(new RegExp(`/shop/${product.productID}$`));
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

      await expect(
        page.getByRole('radio', { name: `${soldOut} ${PAGES.outOfStockLabel}` }),
      ).toBeDisabled();

      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await expect(page.getByText(VALIDATION.variantBeforeIncrease)).toBeVisible();

      await page.getByRole('radio', { name: inStock, exact: true }).check();
      const quantity = page.getByRole('group', { name: 'Quantity' }).locator('output');
      await expect(quantity).toHaveText('1');
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await expect(quantity).toHaveText('2');
      await expect(page.getByText(`$${(product.price * 2).toFixed(2)}`)).toBeVisible();

      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText(VALIDATION.addToCartLoginRequired)).toBeVisible();

      // Back to the shop as it was left: the same search (decision 159).
      await page.getByRole('link', { name: 'Back to Shop' }).click();
      await expect(page).toHaveURL(/\/shop\?/);
      expect(new URL(page.url()).search).toBe(searched);
      await expect(grid(page).getByRole('link', { name: product.name }).first()).toBeVisible();
    });

    test('product links with a colon redirect, and unknown products are a friendly 404', async ({
      page,
      pageErrors,
    }) => {
      // The browser logs the page's and the API's 404 for the unknown product; the app shows it.
      pageErrors.allow(/404 \(Not Found\).*\/(api\/product|shop)\/COM-000000/);
      const product: Product = (
        await (await page.request.get(listUrl({ category: 'toys' }))).json()
      ).currPageProducts[0];
      await page.goto(`/shop/:${product.productID}`);
      await expect(page).toHaveURL(new RegExp(`/shop/${product.productID}$`));
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

      expect((await page.goto('/shop/COM-000000'))?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to Shop' }).click();
      await expect(page).toHaveURL(/\/shop$/);
    });

    test('home: loading screen, carousels of real products, and section buttons', async ({
      page,
    }) => {
      // At 100 % the screen says so for a moment (300 ms) before the page shows.
      const almostReadyShown = await listenForLoadingStep(page, HOME.almostReady);
      await page.goto('/');
      await almostReadyShown();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      const comics = page.getByRole('group', { name: 'Comics & Manga' });
      await expect(comics.getByRole('group', { name: /^1 of \d+$/ })).toBeVisible();
      await expect(comics.getByRole('link').first()).toHaveAttribute('href', /^\/shop\/COM-/);

      await page.getByRole('link', { name: 'Shop Action Figures' }).click();
      await expect(page).toHaveURL(/\/shop\?category=toys$/);
      await expect(page.getByRole('radio', { name: 'Toys' })).toBeChecked();
    });
  });
}

test('a product card rings its keyboard focus, and Tab brings it into view below the navigation bar', async ({
  page,
}) => {
  await page.goto('/shop');
  // The cards' links: each names its product in the card's heading.
  const links = grid(page).getByRole('heading', { level: 3 }).getByRole('link');
  await expect(links.nth(1)).toBeVisible();
  await links.nth(1).focus();
  // The first card is now far above the window's top, where the sticky bar would cover it.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // Back past the second card's wishlist heart (a control of its own, before its link) to the
  // first card's link.
  await page.keyboard.press('Shift+Tab');
  await expect(
    grid(page)
      .getByRole('button', { name: /wishlist/i })
      .nth(1),
  ).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(links.first()).toBeFocused();
  const ring = () =>
    links.first().evaluate((link) => {
      const style = getComputedStyle(link.closest('article')!);
      return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.outlineOffset}`;
    });
  // Sakura 500, 3 px, drawn inside the card so that no clipping hides it (the card's
  // transition takes a moment to reach the colour).
  await expect.poll(ring).toBe('solid 3px rgb(247, 42, 138) -3px');
  const place = await links.first().evaluate((link) => ({
    focusVisible: link.matches(':focus-visible'),
    linkTop: link.getBoundingClientRect().top,
    barBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
  }));
  expect(place.focusVisible).toBe(true);
  // The focused link itself is not under the bar (2.4.11).
  expect(place.linkTop).toBeGreaterThanOrEqual(place.barBottom);
});

test.describe('filter drawer on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('keeps focus inside, closes on Escape and gives focus back', async ({ page }) => {
    await page.goto('/shop');
    const open = page.getByRole('button', { name: 'Open filters' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test.describe('the shop grid on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('draws the cards far down the grid, and loads their pictures, only when it is scrolled near them', async ({
    page,
  }) => {
    const pictures: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/uploads/products/')) pictures.push(new URL(r.url()).pathname);
    });
    await page.goto('/shop');
    const cards = grid(page).locator('li');
    await expect(cards.first().locator('img')).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    // The product's key in its picture's address: /uploads/products/<key>-800.webp.
    const keyOf = async (card: Locator) =>
      (await card.locator('img').getAttribute('src'))!.match(/products\/(.+)-\d+\.webp$/)![1]!;
    const requested = (key: string) => pictures.some((p) => p.includes(`/${key}-`));
    // Whether the browser draws the card's picture now: false while content-visibility skips it.
    const drawn = (card: Locator) =>
      card.locator('img').evaluate((img) => img.checkVisibility({ contentVisibilityAuto: true }));
    const first = await keyOf(cards.first());
    const last = await keyOf(cards.last());
    await page.waitForLoadState('networkidle');
    expect(requested(first)).toBe(true);
    expect(await drawn(cards.first())).toBe(true);
    expect(requested(last)).toBe(false);
    expect(await drawn(cards.last())).toBe(false);

    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(cards.last())).toBe(true);
    await expect.poll(() => requested(last)).toBe(true);
    await expect(cards.last().locator('img')).toBeInViewport();
  });
});
