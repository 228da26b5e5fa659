import { ORDER_MAIL } from '@otaku/shared';
import {
  apiLogin,
  createShopper,
  expect,
  logInOnPage,
  openAs,
  openAsAdmin,
  PIXEL_PNG,
  reserveOne,
  seedAdmin,
  test,
  unique,
  waitForMail,
} from '../fixtures';

/** Journeys of the staff dashboard, signed in as the demo superAdmin. */

test.describe('staff dashboard', () => {
  test('create a product with an image and stock, find it in the shop, edit it, delete it', async ({
    page,
    request,
  }) => {
    // About 25 steps through four pages: past 30 s on a slow machine.
    test.slow();
    const name = unique('Journey Comic');
    await openAsAdmin(page, request, '/dashboard');
    await page.getByRole('button', { name: 'Add New Product' }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByLabel('Product ID')).toBeDisabled();
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('A comic made by a browser journey.');
    await form.getByLabel('Price ($)').fill('14.5');
    await form.getByLabel('Category').selectOption('comics');
    await form.getByLabel('Action').check();
    await form.getByLabel('Volumes').fill('v1, v2');
    await form.getByLabel('Volumes').blur();
    await expect(form.getByLabel('Volumes')).toHaveValue('V1, V2');
    await form.getByLabel('Stock for V1').fill('3');
    await form.getByLabel('Stock for V2').fill('5');
    await form
      .getByLabel('Image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect(form.getByRole('img', { name: 'Product preview' })).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().includes('/api/product/createProduct'));
    await form.getByRole('button', { name: 'Create Product' }).click();
    const { product } = (await (await saved).json()) as { product: { productID: string } };
    await expect(page.getByRole('dialog')).toBeHidden();
    const id = product.productID;
    expect(id).toMatch(/^COM-[0-9A-Z]{6}$/);

    await page.goto(`/shop/${id}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();

    await page.goto('/dashboard');
    await page.getByLabel('Search').fill(name);
    await page.getByRole('button', { name: 'Load Products' }).click();
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByRole('dialog').getByLabel('Price ($)').fill('16');
    await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('$16.00');

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await confirm.getByRole('textbox').fill(id);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    // Its row is gone. (The search forgives typos, so a product an earlier try of this journey
    // left behind, named alike, may still be listed: the table need not be empty.)
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });

  test("change an order's status and see it in the shopper's history", async ({
    page,
    browser,
    request,
  }) => {
    // Two visits to the order's dialog and three e-mails: near 30 s on a slow machine.
    test.slow();
    const shopper = await createShopper(request);
    const headers = { authorization: `Bearer ${shopper.token}` };
    const list = await (await request.get('/api/product/getProducts')).json();
    const product = (list.currPageProducts as { productID: string; stock: unknown }[])[0]!;
    const stock = product.stock as number | Record<string, number>;
    const variant =
      typeof stock === 'number' ? '' : Object.entries(stock).find(([, n]) => n > 0)![0];
    await reserveOne(request, shopper, product.productID, variant);
    const placed = await request.post('/api/order/placeOrder', {
      headers,
      data: { deliveryAddress: '7 Journey Road', paymentMethod: 'cod' },
    });
    expect(placed.ok()).toBe(true);
    const orderID = ((await placed.json()) as { order: { orderID: string } }).order.orderID;

    await openAsAdmin(page, request, '/dashboard/orders');
    await page.getByRole('button', { name: `Edit order ${orderID}` }).click();
    // The dialog says whether the customer got the confirmation (decision 115).
    const mails = page.getByRole('dialog').getByRole('region', { name: 'E-mails to the customer' });
    await expect(mails.getByRole('listitem')).toHaveText([/^Order confirmationSent \d/]);
    await page.getByRole('dialog').getByLabel('Status').selectOption('shipped');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(orderID) })).toContainText('Shipped');
    // The shopper is told by e-mail (decision 109), captured over SMTP.
    const mail = await waitForMail(request, shopper.email, {
      subject: ORDER_MAIL.shipped.subject(orderID),
    });
    expect(mail.text).toContain('Delivery address: 7 Journey Road');
    // Staff can send it again, say for a customer who cannot find it.
    await page.getByRole('button', { name: `Edit order ${orderID}` }).click();
    await expect(mails.getByRole('listitem')).toHaveText([
      /^Order confirmationSent \d/,
      /^Shipped noticeSent \d/,
    ]);
    await mails.getByRole('button', { name: 'Send again: shipped notice' }).click();
    // It asks first, naming the mail and where it goes (decision 119).
    const ask = page.getByRole('dialog', { name: 'Send the shipped notice again?' });
    await expect(ask).toContainText(`order ${orderID} will be e-mailed to ${shopper.email}`);
    await ask.getByRole('button', { name: 'Send again' }).click();
    await expect(ask).toBeHidden();
    await expect(mails.getByRole('button', { name: 'Send again: shipped notice' })).toBeFocused();
    await waitForMail(request, shopper.email, {
      subject: ORDER_MAIL.shipped.subject(orderID),
      count: 2,
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    const shopperContext = await browser.newContext();
    const shopperPage = await shopperContext.newPage();
    await openAs(shopperPage, shopper, '/history');
    await expect(shopperPage.getByText(/shipped/i).first()).toBeVisible();
    await shopperContext.close();
  });

  test('create, edit and delete a coupon', async ({ page, request }) => {
    const code = unique('JOURNEY').replace(/-/g, '').slice(0, 20).toUpperCase();
    await openAsAdmin(page, request, '/dashboard/coupons');
    await page.getByRole('button', { name: 'Create Coupon' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Coupon code').fill(code);
    await dialog.getByLabel('Discount (%)').fill('15');
    const next = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Valid until').fill(next);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText('15%');
    await expect(row).toContainText('Active');

    await page.getByRole('button', { name: `Edit coupon ${code}` }).click();
    await page.getByRole('dialog').getByLabel('Discount (%)').fill('40');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(row).toContainText('40%');

    await page.getByRole('button', { name: `Delete coupon ${code}` }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('CONFIRM');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(row).toHaveCount(0);
    // The focus is on the Delete of the row that took its place (or of the row before).
    const focused = page.locator(':focus');
    await expect(focused).toHaveAccessibleName(/^Delete coupon /);
    await expect(focused).not.toHaveAccessibleName(`Delete coupon ${code}`);
  });

  test("edit a user's role", async ({ page, request }) => {
    const shopper = await createShopper(request);
    await openAsAdmin(page, request, '/dashboard/users');
    await page.getByLabel('Search by name or email').fill(shopper.email);
    await page.getByRole('button', { name: 'Load Users' }).click();
    await page.getByRole('button', { name: `Edit ${shopper.user.username}` }).click();
    await page.getByRole('dialog').getByLabel('Role').selectOption('admin');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(shopper.email) })).toContainText('Admin');
  });

  test('a member of staff demoted meanwhile is sent home at their next step', async ({
    page,
    request,
    pageErrors,
  }) => {
    // The first staff call after the demotion is refused; that refusal is what sends them home.
    pageErrors.allow(/status of 403/);
    const boss = await apiLogin(request, seedAdmin.email, seedAdmin.password);
    const shopper = await createShopper(request);
    const setRole = async (role: 'admin' | 'user') => {
      const res = await request.put(`/api/user/update/${shopper.user._id}`, {
        headers: { authorization: `Bearer ${boss.token}` },
        multipart: { role },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    await setRole('admin');
    // Signed in on the login page, so that the browser holds the refresh cookie.
    await logInOnPage(page, shopper.email, shopper.password);
    await page.goto('/dashboard/orders');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    await setRole('user');
    // The link itself, from the page: the orders page refreshes its stats on its own, and should
    // that call be refused first and send them home, a click or a key pressed then lands on
    // whatever the home page has under the pointer or in focus (a product); a link no longer on
    // the page follows nowhere.
    await page.getByRole('link', { name: 'Users' }).evaluate((link: HTMLElement) => link.click());
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test("the revenue chart's words keep their size on a phone, and a day's amounts reach the keyboard and the pointer", async ({
    page,
    request,
  }) => {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openAsAdmin(page, request, '/dashboard/orders');
      const chart = page.getByRole('group', { name: /^Revenue by day/ });
      await expect(chart).toBeVisible();
      // The drawing is drawn at its card's width: its words are 12 px on a phone too, and the
      // foot's dates do not run into each other.
      const words = await chart.locator('svg text').evaluateAll((texts) =>
        texts.map((text) => {
          const box = text.getBoundingClientRect();
          return { text: text.textContent, height: box.height, left: box.left, right: box.right };
        }),
      );
      for (const word of words)
        expect(word.height, `${word.text} at ${width} px`).toBeGreaterThan(12);
      const dates = words.filter((word) => /^\d{2}-\d{2}-\d{4}$/.test(word.text ?? ''));
      expect(dates.length, `dates at ${width} px`).toBeGreaterThanOrEqual(2);
      for (const [a, b] of dates.slice(1).map((d, i) => [dates[i]!, d] as const))
        expect(a.right, `${a.text} before ${b.text}`).toBeLessThan(b.left);
      // The amounts up the side are round: $0, then whole steps.
      const amounts = words.filter((word) => word.text?.startsWith('$')).map((word) => word.text);
      expect(amounts[0]).toBe('$0');
      for (const amount of amounts) expect(amount).toMatch(/^\$\d{1,3}(,\d{3})*$/);

      // The keyboard: the last day on focus, the day before with the left arrow.
      const reading = page.getByTestId('revenue-reading');
      await chart.focus();
      await expect(reading).toHaveText(
        /^\d{2}-\d{2}-\d{4}: cash \$[\d,]+\.\d{2}, card \$[\d,]+\.\d{2}$/,
      );
      const lastDay = (await reading.textContent())!.slice(0, 10);
      await page.keyboard.press('ArrowLeft');
      await expect(reading).not.toHaveText(new RegExp(`^${lastDay}`));
      await chart.blur();
      // A press on the first day.
      const box = (await chart.boundingBox())!;
      await page.mouse.click(box.x + 70, box.y + box.height / 2);
      await expect(reading).toHaveText(/^\d{2}-\d{2}-\d{4}: cash/);
      // The page does not scroll sideways.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth === document.documentElement.clientWidth,
        ),
      ).toBe(true);
    }
  });

  test('an unknown dashboard address: a 404 with the dashboard around it, guests and shoppers sent on', async ({
    page,
    request,
    pageErrors,
    browser,
  }) => {
    // The browser logs the page's own 404; the app shows it.
    pageErrors.allow(/404 \(Not Found\).*\/dashboard\//);
    // A guest goes to log in, and from there to where they were going.
    await page.goto('/dashboard/nothing-here');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(seedAdmin.email);
    await page.getByLabel('Password').fill(seedAdmin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/nothing-here$/);
    await expect(page.getByRole('heading', { name: 'No such dashboard page' })).toBeVisible();

    for (const path of ['/dashboard/nothing-here', '/dashboard/orders/42']) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'No such dashboard page' })).toBeVisible();
      // Inside the dashboard: its title and its four pages beside the message.
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link'),
      ).toHaveText(['Products', 'Orders', 'Users', 'Coupons']);
    }
    await page.getByRole('main').getByRole('link', { name: 'Back to products' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();

    // A signed-in shopper goes home.
    const shopper = await createShopper(request);
    const shopperContext = await browser.newContext();
    const shopperPage = await shopperContext.newPage();
    await openAs(shopperPage, shopper, '/dashboard/nothing-here');
    await expect(shopperPage).toHaveURL(/\/$/);
    await shopperContext.close();
  });

  // One journey per list: eight downloads in one journey outlasted its 30 s on a busy machine.
  for (const [path, type] of [
    ['/dashboard', 'products'],
    ['/dashboard/orders', 'orders'],
    ['/dashboard/users', 'users'],
    ['/dashboard/coupons', 'coupons'],
  ] as const) {
    test(`export the ${type} list as Excel and PDF`, async ({ page, request }) => {
      await openAsAdmin(page, request, path);
      for (const [label, extension] of [
        ['Excel', 'xlsx'],
        ['PDF', 'pdf'],
      ] as const) {
        await page.getByRole('button', { name: 'Export' }).click();
        const download = page.waitForEvent('download');
        await page.getByRole('dialog').getByRole('button', { name: label }).click();
        expect((await download).suggestedFilename()).toBe(`${type}.${extension}`);
        await expect(page.getByRole('dialog')).toBeHidden();
      }
    });
  }
});
