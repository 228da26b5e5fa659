/**
 * A limited drop on the product page (decision 166): a countdown and no adding before the
 * sale start; when it ends, Add to Cart works without a reload.
 */
import { CART_INFO, SALE_START, type Product } from '@otaku/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { noteServerDate } from '../../../lib/server-clock';
import { nextTickIn } from '../../../lib/use-sale-opening';
import { stubApi } from '../../../test/api-stub';
import { createProduct, stubCatalogApi } from '../../../test/catalog-factories';
import { CART_RULES, cartItem, cartResponse } from '../../../test/checkout-fixtures';
import { jsonResponse, storeSession } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { ProductRoute } from './product-route';

/** The page's announcement of the opening (the quantity is a status too). */
const saleStatus = () => document.querySelector('p[role="status"]');

const NOW = new Date('2026-11-27T12:00:00.000Z').getTime();

function renderProduct(product: Product) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/shop/:productId" element={<ProductRoute />} />
      </Routes>
      <Toaster variant="shop" />
    </>,
    { route: `/shop/${product.productID}` },
  );
}

const toy = (saleStartsAt: string | null) =>
  createProduct({
    productID: 'TOY-DROP01',
    name: 'Drop Mecha',
    category: 'toys',
    genres: [],
    volumes: [],
    stock: 50,
    limitPerCustomer: 1,
    saleStartsAt,
  });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  // Back to this browser's clock for the next test (an answer dated now).
  noteServerDate(new Date().toUTCString());
  vi.useRealTimers();
});

describe('a drop on the product page', { timeout: 20_000 }, () => {
  it('counts down with the opening time, refuses adding, and adds once it reaches zero', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    storeSession('user');
    const opensAt = new Date(NOW + (3_600 + 90) * 1000).toISOString();
    const product = toy(opensAt);
    const asked: unknown[] = [];
    stubCatalogApi({
      products: [product],
      reserve: (body) => {
        asked.push(body);
        return jsonResponse({
          success: true,
          message: 'Item added to cart',
          cartItems: [],
          heldUntil: null,
          ...CART_RULES,
          reservedQuantity: 1,
          stock: 49,
        });
      },
    });
    renderProduct(product);

    const button = await screen.findByRole('button', { name: SALE_START.notYet });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(SALE_START.opens(formatDateTime(opensAt)));
    const timer = screen.getByRole('timer', { name: SALE_START.countdown });
    expect(timer).toHaveTextContent(/^1 hour, 1 minute, 30 seconds/);
    expect(screen.getByText('Limited to 1 per customer')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3_600_000));
    expect(timer).toHaveTextContent(/^1 minute, 30 seconds/);
    expect(saleStatus()).toHaveTextContent('');

    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(saleStatus()).toHaveTextContent(SALE_START.nowOpen);
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeEnabled();
    await user.click(add);
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
    expect(asked).toEqual([expect.objectContaining({ productId: 'TOY-DROP01', quantity: 1 })]);
  });

  it('sells at once when the start has passed, with nothing said of it', async () => {
    const product = toy(new Date(NOW - 1000).toISOString());
    stubCatalogApi({ products: [product] });
    renderProduct(product);
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(saleStatus()).toHaveTextContent('');
  });
});

describe("a drop counted by the server's clock", () => {
  it("opens when the server says so, though this browser's clock is a minute slow", async () => {
    const product = toy(new Date(NOW + 90_000).toISOString());
    const serverDate = new Date(NOW + 60_000).toUTCString();
    stubApi(
      {
        'GET /api/product/:productID': () =>
          new Response(JSON.stringify({ success: true, product }), {
            headers: { 'Content-Type': 'application/json', Date: serverDate },
          }),
      },
      { otherwise: () => jsonResponse({ success: false, message: 'Not found' }, 404) },
    );
    renderProduct(product);
    expect(await screen.findByRole('button', { name: SALE_START.notYet })).toBeDisabled();
    // 30 s by this browser's clock: 59 s would be left by it, none by the server's.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });
});

describe('the stepper of a limited product', () => {
  it('stops at the limit per customer, counting what the cart holds of the product', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    storeSession('user');
    const product = { ...toy(null), limitPerCustomer: 3 };
    const held = cartItem({ productId: product.productID, selectedVariant: '', itemQuantity: 1 });
    stubCatalogApi({ products: [product], cart: cartResponse([held]) });
    renderProduct(product);
    const plus = await screen.findByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    expect(await screen.findByText('2', { selector: 'output' })).toBeInTheDocument();
    await user.click(plus);
    expect(await screen.findByText(CART_INFO.customerLimit(3, 0))).toBeInTheDocument();
    expect(screen.getByText('2', { selector: 'output' })).toBeInTheDocument();
  });
});

describe('nextTickIn', () => {
  it('waits until the shown second changes, so the last tick lands on the start', () => {
    expect(nextTickIn(90_000)).toBe(1000);
    expect(nextTickIn(1_250)).toBe(250);
    expect(nextTickIn(999)).toBe(999);
  });
});
