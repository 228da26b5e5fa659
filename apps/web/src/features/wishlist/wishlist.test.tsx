/**
 * The wishlist heart, "Notify me when it is back" and the wishlist page (decision 168), against
 * stubs of the shop API checked with its schemas.
 */
import { WISHLIST, type Product, type WishlistKeysResponse } from '@otaku/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProductCard } from '../../components/catalog';
import { Toaster } from '../../components/ui';
import { createProduct } from '../../test/catalog-factories';
import { stubApi } from '../../test/api-stub';
import { jsonResponse, storeSession } from '../../test/factories';
import { renderWithProviders } from '../../test/render';
import { ProductRoute } from '../product/routes/product-route';
import { WishlistRoute } from './routes/wishlist-route';

let tee: Product;
let keys: WishlistKeysResponse;

/** The shop API with a wishlist kept in memory, as the server would keep it. */
function stubShop() {
  const done = (message: string) => jsonResponse({ success: true, message });
  return stubApi(
    {
      'GET /api/product/:productID': () => jsonResponse({ success: true, product: tee }),
      'POST /api/cart': () =>
        jsonResponse({
          success: true,
          message: 'ok',
          cartItems: [],
          heldUntil: null,
          reservationTtlMinutes: 30,
          reservationMaxMinutes: 120,
          maxUnitsPerItem: 10,
          maxUnitsPerCart: 30,
        }),
      'GET /api/wishlist/keys': () => jsonResponse(keys),
      'PUT /api/wishlist/:productID': (call) => {
        keys.productIDs.push(decodeURIComponent(call.path.split('/').at(-1)!));
        return done(WISHLIST.saved);
      },
      'DELETE /api/wishlist/:productID': (call) => {
        const id = decodeURIComponent(call.path.split('/').at(-1)!);
        keys.productIDs = keys.productIDs.filter((p) => p !== id);
        return done(WISHLIST.removed);
      },
      'POST /api/stock-alerts': (call) => {
        const body = call.body as { productId: string; variant: string };
        keys.alerts.push({ productID: body.productId, variant: body.variant });
        return jsonResponse({ success: true, message: WISHLIST.alertCreated }, 201);
      },
      'DELETE /api/stock-alerts': (call) => {
        const body = call.body as { productId: string; variant: string };
        keys.alerts = keys.alerts.filter(
          (a) => a.productID !== body.productId || a.variant !== body.variant,
        );
        return done(WISHLIST.alertCancelled);
      },
      'GET /api/wishlist': () =>
        jsonResponse({
          success: true,
          message: WISHLIST.fetched,
          items: keys.productIDs.map(() => ({ product: tee, savedAt: '2026-11-27T10:00:00.000Z' })),
          alerts: keys.alerts.map((a) => ({
            ...a,
            name: tee.name,
            image: tee.images.small,
            askedAt: '2026-11-27T10:00:00.000Z',
          })),
          maxItems: 200,
          maxAlerts: 50,
        }),
    },
    {
      otherwise: () =>
        jsonResponse({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404),
    },
  );
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/shop/:productId" element={<ProductRoute />} />
        <Route path="/wishlist" element={<WishlistRoute />} />
        <Route path="/login" element={<p>the login page</p>} />
      </Routes>
      <Toaster variant="shop" />
    </>,
    { route },
  );
}

beforeEach(() => {
  tee = createProduct({
    productID: 'CLO-TEE001',
    name: 'Sakura Tee',
    category: 'clothes',
    merchType: 't-shirt',
    genres: [],
    volumes: [],
    sizes: ['S', 'M', 'L'],
    stock: { S: 2, M: 0, L: 1 },
  });
  keys = { success: true, productIDs: [], alerts: [] };
});

describe('the wishlist heart', { timeout: 20_000 }, () => {
  it('saves the product and removes it again, saying which it does', async () => {
    storeSession('user');
    const api = stubShop();
    const user = userEvent.setup();
    renderAt(`/shop/${tee.productID}`);
    const heart = await screen.findByRole('button', { name: WISHLIST.save });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    const pressed = await screen.findByRole('button', { name: WISHLIST.remove });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(api.of('PUT /api/wishlist/:productID')).toHaveLength(1);
    await user.click(pressed);
    expect(await screen.findByRole('button', { name: WISHLIST.save })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('asks a guest to log in, keeping the product to come back to', async () => {
    stubShop();
    const user = userEvent.setup();
    renderAt(`/shop/${tee.productID}`);
    await user.click(await screen.findByRole('button', { name: WISHLIST.save }));
    expect(await screen.findByText('the login page')).toBeInTheDocument();
    expect(await screen.findByText(WISHLIST.signInToSave)).toBeInTheDocument();
  });

  it("is a control of its own on a card, beside the card's link and not inside it", () => {
    stubShop();
    renderWithProviders(<ProductCard product={tee} imageSizes="300px" />);
    const heart = screen.getByRole('button', { name: `${WISHLIST.save}: ${tee.name}` });
    expect(heart.closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: tee.name })).not.toContainElement(heart);
  });
});

describe('Notify me when it is back', { timeout: 20_000 }, () => {
  it('is offered on a sold-out size only, and then says the shopper will be mailed', async () => {
    storeSession('user');
    const api = stubShop();
    const user = userEvent.setup();
    renderAt(`/shop/${tee.productID}`);
    const notify = await screen.findByRole('button', { name: `${WISHLIST.notifyMe} (M)` });
    expect(screen.getAllByRole('button', { name: new RegExp(WISHLIST.notifyMe) })).toHaveLength(1);
    await user.click(notify);
    expect(await screen.findByText(WISHLIST.willMail)).toBeInTheDocument();
    expect(api.of('POST /api/stock-alerts')[0]!.body).toEqual({
      productId: tee.productID,
      variant: 'M',
    });
    await user.click(screen.getByRole('button', { name: `${WISHLIST.cancelAlert} (M)` }));
    expect(
      await screen.findByRole('button', { name: `${WISHLIST.notifyMe} (M)` }),
    ).toBeInTheDocument();
  });
});

describe('the wishlist page', { timeout: 20_000 }, () => {
  it('lists saved products with price, stock state and link, and the alerts to cancel', async () => {
    storeSession('user');
    keys = {
      success: true,
      productIDs: [tee.productID],
      alerts: [{ productID: tee.productID, variant: 'M' }],
    };
    stubShop();
    const user = userEvent.setup();
    renderAt('/wishlist');
    const saved = await screen.findByRole('heading', { name: WISHLIST.heading, level: 1 });
    const list = saved.parentElement!;
    expect(within(list).getByRole('link', { name: tee.name })).toHaveAttribute(
      'href',
      `/shop/${tee.productID}`,
    );
    expect(within(list).getByText(WISHLIST.inStockLabel)).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: `${WISHLIST.cancelAlert}: ${tee.name} (M)` }),
    );
    expect(await screen.findByText(WISHLIST.noAlerts)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `${WISHLIST.remove}: ${tee.name}` }));
    expect(await screen.findByText(WISHLIST.empty)).toBeInTheDocument();
  });
});
