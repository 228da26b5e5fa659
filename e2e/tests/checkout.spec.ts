import { formatDollars, NAV, ORDER_CONFIRMATION, ORDER_MAIL } from '@otaku/shared';
import {
  apiLogin,
  createShopper,
  createToy,
  expect,
  getJson,
  openAs,
  reserveUnits,
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
 * Signs a new shopper up and in through the API, the session stored in the page as the login
 * page stores it (the login page itself is the accounts journeys' to test); returns the address.
 */
async function signIn(page: Page, request: APIRequestContext, label: string): Promise<string> {
  const { email, password } = await signUpShopper(request, {
    email: uniqueEmail(label),
    username: `${label} fan`,
  });
  await storeSessionIn(page, await apiLogin(request, email, password));
  return email;
}

interface ListedProduct {
  productID: string;
  name: string;
  price: number;
  stock: number | Record<string, number>;
}

/** A clothes product with at least two sizes that have stock, from the demo catalog. */
async function productWithTwoSizes(request: APIRequestContext) {
  const constraints = { category: 'clothes', page: 1 };
  const body = await getJson<{ currPageProducts: ListedProduct[] }>(
    request,
    `/api/product/getProducts?productConstraints=${encodeURIComponent(JSON.stringify(constraints))}`,
  );
  for (const product of body.currPageProducts) {
    if (typeof product.stock === 'number') continue;
    const sizes = Object.entries(product.stock)
      .filter(([, n]) => n >= 3)
      .map(([size]) => size);
    if (sizes.length >= 2) return { ...product, sizes: sizes.slice(0, 2) };
  }
  throw new Error('the demo catalog has no clothes with two sizes in stock');
}

async function addToCart(page: Page, productId: string, size: string) {
  await page.goto(`/shop/${productId}`);
  await page.getByRole('radio', { name: size, exact: true }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to cart')).toBeVisible();
}

test.describe('checkout', () => {
  // Whole purchases, a score of steps each: on two busy cores one took 31 s of its 30.
  test.describe.configure({ timeout: 60_000 });

  test('two variants, a coupon and a cash-on-delivery order that shows in the history', async ({
    page,
    request,
  }) => {
    const product = await productWithTwoSizes(request);
    const email = await signIn(page, request, 'cod');
    const [first, second] = product.sizes as [string, string];
    await addToCart(page, product.productID, first);
    await addToCart(page, product.productID, second);
    // The bar counts what the cart holds.
    const cartLink = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
    await expect(cartLink).toHaveAccessibleName(NAV.cartHolding(2));

    await cartLink.click();
    await expect(page).toHaveURL(/\/cart$/);
    const items = page.getByRole('region', { name: 'Cart items' });
    await expect(items.getByRole('listitem')).toHaveCount(2);
    await expect(items.getByText(first, { exact: true })).toBeVisible();
    await expect(items.getByText(second, { exact: true })).toBeVisible();
    await expect(page.getByText(/held for 30 minutes/)).toBeVisible();

    await page.getByLabel('Delivery address').fill('1-2-3 Sotokanda, Tokyo');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply Coupon Code' });
    await dialog.getByLabel('Coupon code', { exact: true }).fill('otaku20');
    await dialog.getByRole('button', { name: 'Apply Coupon' }).click();
    // The dialog proceeds 1.5 s after the coupon applies: all three are looked for at once, so
    // a slow first look cannot miss the dialog's short-lived state.
    await Promise.all([
      expect(page.getByText(/^Coupon applied! You saved \$\d+\.\d{2}$/)).toBeVisible(),
      expect(dialog.getByText('Proceeding to payment automatically...')).toBeVisible(),
      expect(dialog.getByLabel('Original total')).toBeVisible(),
    ]);

    // 2 units at the product's price, 20% off, plus 5.00 shipping.
    const subtotal = Math.round(product.price * 100) * 2;
    const total = (subtotal - Math.round(subtotal * 0.2) + 500) / 100;
    await expect(page.getByText('Order placed successfully!')).toBeVisible();
    // The order's confirmation (decision 159): its number, address and total, read again from
    // the server after a reload, and the way to the purchase history.
    await expect(page).toHaveURL(/\/history\/ORD-[0-9A-Z]{8}$/);
    const orderID = new URL(page.url()).pathname.split('/').pop()!;
    await expect(cartLink).toHaveAccessibleName(NAV.cart);
    for (const look of ['first', 'after a reload']) {
      if (look !== 'first') await page.reload();
      await expect(page.getByRole('heading', { name: ORDER_CONFIRMATION.title })).toBeVisible();
      await expect(page.getByText(orderID, { exact: true })).toBeVisible();
      await expect(page.getByText('1-2-3 Sotokanda, Tokyo')).toBeVisible();
      await expect(
        page.getByText(ORDER_CONFIRMATION.total, { exact: true }).locator('xpath=..'),
      ).toContainText(formatDollars(total));
    }
    await page.getByRole('link', { name: ORDER_CONFIRMATION.history }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByText('Pending')).toBeVisible();
    await expect(page.getByText(`Total $${total.toFixed(2)}`)).toBeVisible();
    await expect(page.getByText(/Coupon OTAKU20/)).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();

    // The confirmation e-mail (decision 109), captured over SMTP.
    const mail = await waitForMail(request, email, { subject: /^Your Otaku Shelf order / });
    expect(mail.text).toContain(`Total: $${total.toFixed(2)}`);
    expect(mail.text).toContain(ORDER_MAIL.payment('cod', `$${total.toFixed(2)}`));
    expect(mail.text).toContain('Delivery address: 1-2-3 Sotokanda, Tokyo');
  });

  test("pays by card on the test provider's hosted page, then /success and /history", async ({
    page,
    request,
  }) => {
    const product = await productWithTwoSizes(request);
    await signIn(page, request, 'card');
    await addToCart(page, product.productID, product.sizes[0]!);

    await page.goto('/cart');
    await page.getByLabel('Delivery address').fill('5 Dotonbori, Osaka');
    await page.getByRole('button', { name: 'Pay with Card' }).click();
    await page.getByRole('button', { name: 'Skip Coupon & Proceed to Payment' }).click();

    await expect(page).toHaveURL(/\/api\/test\/checkout\/cs_test_/);
    await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay \$/ }).click();

    await expect(page).toHaveURL(/\/success\?session_id=cs_test_/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page).toHaveURL(/\/history$/, { timeout: 5_000 });
    await expect(page.getByText('Processing')).toBeVisible();
    await expect(page.getByText('Card', { exact: true })).toBeVisible();
  });

  test('the cart fits a 390 and a 360 px phone, however long a name or large a total, and no page scrolls sideways, for a shopper or staff', async ({
    page,
    request,
  }) => {
    // Decision 171: the bar's icons and a cart line's total once pushed pages sideways.
    test.setTimeout(90_000);
    const admin = await apiLogin(request, seedAdmin.email, seedAdmin.password);
    const name = `${unique('Ronin of the Crimson Moon Deluxe Limited Edition')} 1/7 Scale Figure`;
    const toy = (price: string, label: string) =>
      createToy(request, admin, {
        name: `${name} ${label}`,
        description: 'A figure whose name is longer than a phone is wide.',
        price,
        toyType: 'action-figure',
        stock: '10',
      });
    // 8 × $129.99 = $1,039.92 and 9 × $39.99 = $359.91: the totals that once ran out of their
    // cards at 390 and 360 px.
    const lines = [
      { productID: await toy('129.99', 'A'), quantity: 8, total: 1039.92 },
      { productID: await toy('39.99', 'B'), quantity: 9, total: 359.91 },
    ];
    const shopper = await createShopper(request);
    for (const line of lines) {
      await reserveUnits(request, shopper, line.productID, line.quantity);
    }

    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await openAs(page, shopper, '/cart');
      const items = page.getByRole('region', { name: 'Cart items' }).getByRole('listitem');
      await expect(items).toHaveCount(2);
      // The name wraps onto two lines and is cut after them, whole in the link's title.
      const link = page.getByRole('link', { name: `${name} A` });
      await expect(link).toHaveAttribute('title', `${name} A`);
      const shape = await link.evaluate((e) => ({
        lines: Math.round(e.clientHeight / parseFloat(getComputedStyle(e).lineHeight)),
        clamped: e.scrollHeight > e.clientHeight,
        cutSideways: e.scrollWidth > e.clientWidth,
      }));
      expect(shape, `${width} px`).toEqual({ lines: 2, clamped: true, cutSideways: false });
      // Each line's total stays inside its card's padding.
      for (const [i, line] of lines.entries()) {
        const price = items.nth(i).getByText(formatDollars(line.total), { exact: true });
        await expect(price).toBeVisible();
        const inside = await items.nth(i).evaluate(
          (card, priceElement) => {
            const box = card.getBoundingClientRect();
            const style = getComputedStyle(card);
            const text = priceElement!.getBoundingClientRect();
            return {
              left: text.left >= box.left + parseFloat(style.paddingLeft) - 0.5,
              right: text.right <= box.right - parseFloat(style.paddingRight) + 0.5,
            };
          },
          await price.elementHandle(),
        );
        expect.soft(inside, `${formatDollars(line.total)} at ${width} px`).toEqual({
          left: true,
          right: true,
        });
      }
    }

    // No page scrolls sideways on the narrower phone, signed out, as a shopper or as staff. At
    // 390 px the same style rules and media queries hold as at 360 (the narrowest breakpoint is
    // min-[360px], the next 640 px), so what fits 360 px fits 390: one width is visited.
    const shopPages = ['/', '/shop', `/shop/${lines[0]!.productID}`, '/releases', '/cart'];
    const shopperPages = [...shopPages, '/history', '/wishlist'];
    const staffPages = [
      ...shopperPages,
      '/dashboard',
      '/dashboard/orders',
      '/dashboard/users',
      '/dashboard/coupons',
    ];
    const visits: [string, typeof admin | null, string[]][] = [
      ['shopper', shopper, shopperPages],
      ['staff', admin, staffPages],
      ['signed out', null, ['/', '/login', '/signup']],
    ];
    for (const width of [360]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [who, session, paths] of visits) {
        if (session) await storeSessionIn(page, session);
        else await page.evaluate(() => localStorage.clear());
        for (const path of paths) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          const overflow = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          expect
            .soft(overflow.scrollWidth, `${path} as ${who} at ${width} px`)
            .toBe(overflow.clientWidth);
        }
      }
    }
    // The widest bar (staff's, with the brand's name and the word Logout) on a small tablet.
    for (const width of [640, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await storeSessionIn(page, admin);
      await page.goto('/cart');
      await page.waitForLoadState('networkidle');
      expect
        .soft(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `/cart as staff at ${width} px`,
        )
        .toBe(width);
    }
  });
});
