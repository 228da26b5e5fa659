import { calendarDateText, PREORDER, RELEASES_PAGE } from '@otaku/shared';
import {
  apiLogin,
  expect,
  openAsAdmin,
  PIXEL_PNG,
  signUpShopper,
  storeSessionIn,
  test,
  unique,
  uniqueEmail,
  type APIRequestContext,
  type Page,
} from '../fixtures';

/**
 * Pre-orders (decision 167): staff set one up on the product form; a shopper finds it in
 * /releases, pre-orders it by cash on delivery or with the test card provider, and sees its
 * release date in the purchase history.
 */

/** The shop's day `n` days from today, as yyyy-mm-dd and as the dashboard types it. */
function day(n: number) {
  const iso = new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, typed: `${d}-${m}-${y}` };
}

/** Staff create a pre-order toy on the dashboard's product form; its productID. */
async function createPreorder(page: Page, request: APIRequestContext, name: string) {
  await openAsAdmin(page, request, '/dashboard');
  await page.getByRole('button', { name: 'Add New Product' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Description').fill('A figure pre-ordered by a browser journey.');
  await form.getByLabel('Price ($)').fill('60');
  await form.getByLabel('Category').selectOption('toys');
  await form.getByLabel('Toy type').selectOption('action-figure');
  await form.getByLabel('Stock', { exact: true }).fill('8');
  await form.getByLabel('Release date').fill(day(50).typed);
  await form.getByLabel('Last pre-order date').fill(day(40).typed);
  await form
    .getByLabel('Image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  const saved = page.waitForResponse((r) => r.url().includes('/api/product/createProduct'));
  await form.getByRole('button', { name: 'Create Product' }).click();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(201);
  await expect(page.getByRole('dialog')).toBeHidden();
  return ((await answer.json()) as { product: { productID: string } }).product.productID;
}

async function signIn(page: Page, request: APIRequestContext, label: string) {
  const { email, password } = await signUpShopper(request, {
    email: uniqueEmail(label),
    username: `${label} fan`,
  });
  await storeSessionIn(page, await apiLogin(request, email, password));
}

/** From /releases to the product page, then into the cart. */
async function preorderFromReleases(page: Page, name: string) {
  await page.goto('/releases');
  await expect(page.getByRole('heading', { level: 1, name: RELEASES_PAGE.heading })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card.getByText(PREORDER.badge, { exact: true })).toBeVisible();
  await expect(card.getByText(PREORDER.releases(day(50).iso))).toBeVisible();
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(PREORDER.orderBy(day(40).iso))).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to cart')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByText(PREORDER.lineReleases(day(50).iso))).toBeVisible();
}

test.describe('pre-orders', () => {
  test.describe.configure({ timeout: 90_000 });

  test('staff set one up; a shopper pre-orders it by cash and by card and sees its release date', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const name = unique('Journey Pre-order Figure');
    const id = await createPreorder(page, request, name);
    expect(id).toMatch(/^TOY-[0-9A-Z]{6}$/);
    const released = calendarDateText(day(50).iso);

    // Cash on delivery.
    const cash = await browser.newPage();
    await signIn(cash, request, 'precod');
    await preorderFromReleases(cash, name);
    await cash.getByLabel('Delivery address').fill('4-5-6 Nakano, Tokyo');
    await cash.getByRole('button', { name: 'Place Order' }).click();
    await cash.getByRole('button', { name: 'Skip Coupon & Proceed to Payment' }).click();
    await expect(cash).toHaveURL(/\/history\/ORD-[0-9A-Z]{8}$/);
    await expect(cash.getByText(PREORDER.lineReleases(day(50).iso))).toBeVisible();
    await cash.goto('/history');
    await expect(cash.getByText(PREORDER.lineReleases(day(50).iso))).toBeVisible();
    await cash.close();

    // Card, on the test provider's hosted page.
    const card = await browser.newPage();
    await signIn(card, request, 'precard');
    await preorderFromReleases(card, name);
    await card.getByLabel('Delivery address').fill('7 Den Den Town, Osaka');
    await card.getByRole('button', { name: 'Pay with Card' }).click();
    await card.getByRole('button', { name: 'Skip Coupon & Proceed to Payment' }).click();
    await expect(card).toHaveURL(/\/api\/test\/checkout\/cs_test_/);
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(card).toHaveURL(/\/history$/, { timeout: 10_000 });
    await expect(card.getByText(PREORDER.lineReleases(day(50).iso))).toBeVisible();
    await card.close();

    // Staff see the units pre-ordered and both orders waiting for the release.
    await page.goto('/dashboard');
    await page.getByLabel('Search').fill(name);
    await page.getByRole('button', { name: 'Load Products' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
      PREORDER.preordered(2),
    );
    await page.goto('/dashboard/orders');
    await page.getByLabel('Only orders waiting for a release').check();
    await expect(page.getByText(`${PREORDER.waiting}: ${released}`).first()).toBeVisible();
  });
});
