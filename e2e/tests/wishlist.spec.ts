import { STOCK_ALERT_MAIL, WISHLIST } from '@otaku/shared';
import {
  apiLogin,
  createShopper,
  expect,
  openAsAdmin,
  PIXEL_PNG,
  seedAdmin,
  signInOnLoad,
  test,
  unique,
  waitForMail,
} from '../fixtures';

/**
 * Back-in-stock alerts (decision 168), end to end: a shopper saves a tee and asks to be told
 * when a sold-out size returns; staff restock it in the dashboard; the mail the loopback SMTP
 * capture received links to the product, and its unsubscribe link works without signing in.
 */
test.describe('wishlist and back-in-stock alerts', () => {
  test('notify me on a sold-out size, restock, the mail links to the product and unsubscribes', async ({
    page,
    browser,
    request,
  }) => {
    // Three pages, a dashboard edit and a mail: past 30 s on a slow machine.
    test.slow();
    const staff = await apiLogin(request, seedAdmin.email, seedAdmin.password);
    const name = unique('Journey Tee');
    const created = await request.post('/api/product/createProduct', {
      headers: { authorization: `Bearer ${staff.token}` },
      multipart: {
        name,
        description: 'A tee made by a browser journey.',
        price: '21',
        category: 'clothes',
        merchType: 't-shirt',
        sizes: 'S, M, L',
        stock: JSON.stringify({ S: 2, M: 0, L: 0 }),
        image: { name: 'cover.png', mimeType: 'image/png', buffer: PIXEL_PNG },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { product: { productID: string } }).product.productID;

    const shopper = await createShopper(request);
    await signInOnLoad(page, shopper);
    await page.goto(`/shop/${id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: WISHLIST.save }).click();
    await expect(page.getByRole('button', { name: WISHLIST.remove })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    for (const size of ['M', 'L']) {
      await page.getByRole('button', { name: `${WISHLIST.notifyMe} (${size})` }).click();
      await expect(
        page.getByRole('button', { name: `${WISHLIST.cancelAlert} (${size})` }),
      ).toBeVisible();
    }
    await expect(page.getByText(WISHLIST.willMail)).toHaveCount(2);

    await page.goto('/wishlist');
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: `${name} (M)` })).toBeVisible();

    // Staff restock size M in the dashboard.
    const dashboard = await browser.newPage();
    await openAsAdmin(dashboard, request, '/dashboard');
    await dashboard.getByLabel('Search').fill(name);
    await dashboard.getByRole('button', { name: 'Load Products' }).click();
    await expect(dashboard.getByRole('row', { name: new RegExp(name) })).toContainText(
      WISHLIST.waiting(2),
    );
    await dashboard.getByRole('button', { name: `Edit ${name}` }).click();
    await dashboard.getByRole('dialog').getByLabel('Stock for M').fill('3');
    await dashboard.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
    await expect(dashboard.getByRole('dialog')).toBeHidden();
    await dashboard.close();

    const mail = await waitForMail(request, shopper.email, {
      subject: STOCK_ALERT_MAIL.subject(name),
      timeout: 20_000,
    });
    expect(mail.text).toContain(STOCK_ALERT_MAIL.lead(name, 'M'));
    const productLink = new RegExp(`${STOCK_ALERT_MAIL.productLink}: (\\S+)`).exec(mail.text)![1]!;
    const unsubscribeLink = new RegExp(`${STOCK_ALERT_MAIL.unsubscribeLink}: (\\S+)`).exec(
      mail.text,
    )![1]!;

    await page.goto(productLink);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'M' })).toBeEnabled();

    // The unsubscribe link, in a browser that is not signed in: one click, and size L's alert,
    // still waiting, is gone.
    const stranger = await browser.newPage();
    await stranger.goto(unsubscribeLink);
    await expect(
      stranger.getByRole('heading', { name: WISHLIST.unsubscribeHeading }),
    ).toBeVisible();
    await stranger.getByRole('button', { name: WISHLIST.unsubscribeButton }).click();
    await expect(stranger.getByRole('status')).toHaveText(WISHLIST.unsubscribed);
    await stranger.close();
    const keys = await request.get('/api/wishlist/keys', {
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(((await keys.json()) as { alerts: unknown[] }).alerts).toEqual([]);
  });
});
