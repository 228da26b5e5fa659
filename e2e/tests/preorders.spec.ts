import {
  calendarDateText,
  ORDER_MAIL,
  PAYMENT_INFO,
  PREORDER,
  PREORDER_CANCEL,
  REFUND_PROBLEMS,
  RELEASES_PAGE,
} from '@otaku/shared';
import {
  apiLogin,
  createToy,
  expect,
  openAs,
  openAsAdmin,
  PIXEL_PNG,
  seedAdmin,
  signUpShopper,
  storeSessionIn,
  test,
  unique,
  uniqueEmail,
  waitForMail,
  type APIRequestContext,
  type Page,
} from '../fixtures';

/**
 * Pre-orders (decisions 167, 169, 170): staff set one up on the product form; a shopper finds it
 * in /releases, pre-orders it by cash on delivery or with the test card provider, and sees its
 * release date in the purchase history; the card buyer cancels it there and reads the refund;
 * staff move the release date and the cash buyer is mailed (over SMTP) and sees it moved. A
 * refund the provider refuses (the test card 4000 0000 0000 5126) reaches staff above the
 * orders, who try it again and then mark it refunded by hand; the buyer is mailed that it is
 * made (decision 173).
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

/** Signs a new shopper in on the page; their e-mail address. */
async function signIn(page: Page, request: APIRequestContext, label: string) {
  const { email, password } = await signUpShopper(request, {
    email: uniqueEmail(label),
    username: `${label} fan`,
  });
  await storeSessionIn(page, await apiLogin(request, email, password));
  return email;
}

/** From the cart to the test provider's page, paid with `cardNumber`, back to the history. */
async function payByCard(page: Page, cardNumber: string) {
  await page.getByLabel('Delivery address').fill('7 Den Den Town, Osaka');
  await page.getByRole('button', { name: 'Pay with Card' }).click();
  await page.getByRole('button', { name: 'Skip Coupon & Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/api\/test\/checkout\/cs_test_/);
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/history$/, { timeout: 10_000 });
  await expect(page.getByText(PREORDER.lineReleases(day(50).iso))).toBeVisible();
}

/** Cancels the pre-order of `name` from the history, after the dialog names its refund. */
async function cancelPreorder(page: Page, name: string, refund: string) {
  await page.getByRole('button', { name: PREORDER_CANCEL.buttonLabel(name) }).click();
  const ask = page.getByRole('dialog', { name: PREORDER_CANCEL.confirmTitle });
  await expect(ask).toContainText(PREORDER_CANCEL.confirmRefund(refund));
  await ask.getByRole('button', { name: PREORDER_CANCEL.confirm }).click();
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

  test('staff set one up; shoppers pre-order it by cash and by card; the card buyer cancels (refund shown); staff move the date and the other buyer is mailed', async ({
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
    const cashEmail = await signIn(cash, request, 'precod');
    await preorderFromReleases(cash, name);
    await cash.getByLabel('Delivery address').fill('4-5-6 Nakano, Tokyo');
    await cash.getByRole('button', { name: 'Place Order' }).click();
    await cash.getByRole('button', { name: 'Skip Coupon & Proceed to Payment' }).click();
    await expect(cash).toHaveURL(/\/history\/ORD-[0-9A-Z]{8}$/);
    await expect(cash.getByText(PREORDER.lineReleases(day(50).iso))).toBeVisible();
    await cash.goto('/history');
    await expect(cash.getByText(PREORDER.lineReleases(day(50).iso))).toBeVisible();

    // Card, on the test provider's hosted page.
    const card = await browser.newPage();
    await signIn(card, request, 'precard');
    await preorderFromReleases(card, name);
    await payByCard(card, '4242 4242 4242 4242');

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

    // The card buyer cancels from the history: $60 and the $5 shipping go back to the card.
    await cancelPreorder(card, name, '$65.00');
    await expect(card.getByText(PREORDER_CANCEL.cancelledRefunded('$65.00'))).toBeVisible();
    await expect(card.getByText(PREORDER_CANCEL.refund.refunded('$65.00'))).toBeVisible();
    await expect(card.getByText(PREORDER_CANCEL.cancelledLabel, { exact: true })).toBeVisible();
    await expect(card.getByText('Total $0.00')).toBeVisible();
    await card.close();

    // Staff move the release date; the buyer still waiting hears of it over SMTP.
    await page.goto('/dashboard');
    await page.getByLabel('Search').fill(name);
    await page.getByRole('button', { name: 'Load Products' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
      PREORDER.preordered(1),
    );
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByRole('dialog').getByLabel('Release date').fill(day(70).typed);
    await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    const mail = await waitForMail(request, cashEmail, { subject: /new release date/ });
    expect(mail.subject).toMatch(/^A new release date for your pre-order in order ORD-/);
    expect(mail.text).toContain(ORDER_MAIL['release-moved'].heading('precod fan'));
    expect(mail.text).toContain(PREORDER.lineReleases(day(70).iso));
    expect(mail.text).toContain(PREORDER.movedFrom(day(50).iso));
    await cash.reload();
    await expect(cash.getByText(PREORDER.lineReleases(day(70).iso))).toBeVisible();
    await expect(cash.getByText(PREORDER.movedFrom(day(50).iso))).toBeVisible();
    await cash.close();
  });

  test('a refund the card provider refuses reaches staff, who try it again, then mark it refunded by hand; the buyer reads it refunded', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const name = unique('Journey Refused Refund Figure');
    const admin = await apiLogin(request, seedAdmin.email, seedAdmin.password);
    await createToy(request, admin, {
      name,
      description: 'A figure whose refund the provider refuses.',
      price: '60',
      toyType: 'action-figure',
      stock: '8',
      releaseDate: day(50).typed,
      preorderUntil: day(40).typed,
    });
    const card = await browser.newPage();
    const email = await signIn(card, request, 'prefail');
    await preorderFromReleases(card, name);
    // The test card whose refunds the provider refuses, as Stripe's of the same number.
    await payByCard(card, '4000 0000 0000 5126');
    const orderNumber = (await card
      .getByText(/^ORD-[0-9A-Z]{8}$/)
      .first()
      .textContent())!;
    await cancelPreorder(card, name, '$65.00');
    await expect(card.getByText(PREORDER_CANCEL.cancelledRefundOwed('$65.00'))).toBeVisible();
    await expect(card.getByText(PREORDER_CANCEL.refund.failed('$65.00'))).toBeVisible();

    // Above the orders, staff find it with the provider's reason.
    await openAs(page, admin, '/dashboard/orders');
    const refunds = page.getByRole('region', { name: /card refunds? could not be made$/ });
    const item = refunds.getByRole('listitem').filter({ hasText: orderNumber });
    await expect(item).toContainText(`Order ${orderNumber} · $65.00 for ${name}`);
    await expect(item).toContainText(REFUND_PROBLEMS.reason(PAYMENT_INFO.testRefundRefused));
    const order = `Order ${orderNumber}`;
    // Tried again, it is refused again: the dialog says so and stays.
    await item.getByRole('button', { name: REFUND_PROBLEMS.retryLabel(order, '$65.00') }).click();
    const retry = page.getByRole('dialog', { name: REFUND_PROBLEMS.confirmRetryTitle('$65.00') });
    await retry.getByRole('button', { name: REFUND_PROBLEMS.retry }).click();
    await expect(retry).toContainText(REFUND_PROBLEMS.refusedAgain(PAYMENT_INFO.testRefundRefused));
    await retry.getByRole('button', { name: 'Cancel' }).click();
    await expect(retry).toBeHidden();
    // Refunded in the provider's own dashboard, then marked here.
    await item.getByRole('button', { name: REFUND_PROBLEMS.markLabel(order, '$65.00') }).click();
    const mark = page.getByRole('dialog', { name: REFUND_PROBLEMS.confirmMarkTitle('$65.00') });
    await expect(mark).toContainText(REFUND_PROBLEMS.confirmMark);
    await mark.getByRole('button', { name: REFUND_PROBLEMS.markRefunded }).click();
    await expect(page.getByText(REFUND_PROBLEMS.marked('$65.00'))).toBeVisible();
    await expect(item).toBeHidden();
    // Told at first that the refund could not be made, the buyer hears that it is (over SMTP).
    const mail = await waitForMail(request, email, {
      subject: ORDER_MAIL['refund-made'].subject(orderNumber),
    });
    expect(mail.text).toContain(ORDER_MAIL.refunded('$65.00'));

    await card.reload();
    await expect(card.getByText(PREORDER_CANCEL.refund.refunded('$65.00'))).toBeVisible();
    await card.close();
  });
});
