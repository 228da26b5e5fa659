import { CART_INFO, SALE_START } from '@otaku/shared';
import {
  apiLogin,
  createShopper,
  expect,
  openAs,
  PIXEL_PNG,
  seedAdmin,
  test,
  unique,
  type APIRequestContext,
} from '../fixtures';

/** How far ahead the drop opens: long enough to load the page and see it closed, no longer. */
const OPENS_IN_MS = 10_000;

/** A limited figure that staff put on sale `OPENS_IN_MS` from now, limited to 1 per customer. */
async function createDrop(request: APIRequestContext) {
  const staff = await apiLogin(request, seedAdmin.email, seedAdmin.password);
  const opensAt = new Date(Date.now() + OPENS_IN_MS).toISOString();
  const created = await request.post('/api/product/createProduct', {
    headers: { authorization: `Bearer ${staff.token}` },
    multipart: {
      name: unique('Drop figure'),
      description: 'A numbered edition that goes on sale in a moment.',
      price: '120',
      category: 'toys',
      toyType: 'action-figure',
      stock: '50',
      limitPerCustomer: '1',
      saleStartsAt: opensAt,
      image: { name: 'cover.png', mimeType: 'image/png', buffer: PIXEL_PNG },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { productID } = ((await created.json()) as { product: { productID: string } }).product;
  return { productID, opensAt };
}

test('a drop that opens while its page is open: the countdown ends and Add to Cart works', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { productID, opensAt } = await createDrop(request);
  const shopper = await createShopper(request, 'drop fan');
  await openAs(page, shopper, `/shop/${productID}`);

  // Before the start: the countdown and the opening time, and no adding, here or by the API.
  const closed = page.getByRole('button', { name: SALE_START.notYet });
  await expect(closed).toBeDisabled();
  await expect(closed).toHaveAccessibleDescription(/^Opens /);
  await expect(page.getByRole('timer', { name: SALE_START.countdown })).toBeVisible();
  const early = await request.post('/api/reserveStock', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { productId: productID, variant: '', quantity: 1 },
  });
  expect(early.status()).toBe(409);
  expect(await early.json()).toMatchObject({ message: SALE_START.notOnSaleYet(opensAt) });

  // The countdown ends on its own: no reload.
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeEnabled({ timeout: OPENS_IN_MS + 5_000 });
  await expect(page.getByRole('timer')).toHaveCount(0);
  await add.click();
  await expect(page.getByText(CART_INFO.added)).toBeVisible();

  // At the limit, the shopper is told it as soon as they ask for one more.
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByText(CART_INFO.customerLimit(1, 0))).toBeVisible();
});
