import { CART, TIMINGS, VALIDATION } from '@otaku/shared';
import { act, renderHook, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from '../toast';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui';
import { notFromTheServer } from '../../test/api-stub';
import { cartResponse, jsonResponse, stubApi } from '../../test/checkout-fixtures';
import { storeSession } from '../../test/factories';
import { render } from '@testing-library/react';
import { useAddToCart, type AddToCartInput } from './use-add-to-cart';

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<Toaster variant="shop" />);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useAddToCart(), { wrapper });
}

const input = (overrides: Partial<AddToCartInput> = {}): AddToCartInput => ({
  productId: 'CLO-AAAAAA',
  variant: 'M',
  hasVariants: true,
  quantity: 2,
  ...overrides,
});

const conflict = (code: string, stock: number, message: string, available?: number) =>
  jsonResponse({ success: false, message, code, stock, ...(available ? { available } : {}) }, 409);

describe('useAddToCart', () => {
  it('needs a signed-in user, a variant and a quantity above 0 before calling the server', async () => {
    const api = stubApi({});
    const { result, rerender } = setup();
    expect(await result.current.addToCart(input())).toEqual({ kind: 'refused' });
    expect(await screen.findByText(VALIDATION.addToCartLoginRequired)).toBeInTheDocument();

    storeSession('user');
    rerender();
    expect(await result.current.addToCart(input({ variant: null }))).toEqual({ kind: 'refused' });
    expect(await screen.findByText(VALIDATION.variantRequired)).toBeInTheDocument();
    expect(await result.current.addToCart(input({ quantity: 0 }))).toEqual({ kind: 'refused' });
    expect(await screen.findByText(VALIDATION.quantityInvalid)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('reserves the stock and reports what is left', async () => {
    const shopper = storeSession('user');
    const api = stubApi({
      'POST /api/reserveStock': () =>
        jsonResponse({ ...cartResponse([], 'Item added to cart'), reservedQuantity: 2, stock: 5 }),
    });
    const { result } = setup();
    let outcome;
    await act(async () => {
      outcome = await result.current.addToCart(input());
    });
    expect(outcome).toEqual({ kind: 'added', stock: 5 });
    expect(api.calls[0]!.body).toEqual({
      productId: 'CLO-AAAAAA',
      variant: 'M',
      quantity: 2,
      cartId: `user_${shopper._id}`,
      userId: shopper._id,
    });
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
  });

  it('says the item is out of stock for OUT_OF_STOCK', async () => {
    storeSession('user');
    stubApi({ 'POST /api/reserveStock': () => conflict('OUT_OF_STOCK', 0, CART.outOfStock) });
    const { result } = setup();
    let outcome;
    await act(async () => {
      outcome = await result.current.addToCart(input());
    });
    expect(outcome).toEqual({ kind: 'out-of-stock' });
    expect(await screen.findByText(CART.outOfStock)).toBeInTheDocument();
  });

  it('warns of high demand for 3 seconds on CONCURRENT_MODIFICATION', async () => {
    storeSession('user');
    stubApi({
      'POST /api/reserveStock': () =>
        conflict('CONCURRENT_MODIFICATION', -1, 'Only 1 left in stock.', 1),
    });
    const warning = vi.spyOn(toast, 'warning');
    const { result } = setup();
    let outcome;
    await act(async () => {
      outcome = await result.current.addToCart(input());
    });
    expect(outcome).toEqual({ kind: 'high-demand', available: 1 });
    expect(warning).toHaveBeenCalledWith(CART.highDemand, {
      duration: TIMINGS.highDemandWarningMs,
    });
  });

  it('shows the server message, or the fallback, for other failures', async () => {
    storeSession('user');
    stubApi({
      'POST /api/reserveStock': () =>
        notFromTheServer(
          new Response('<html><body>Bad gateway</body></html>', { status: 502 }),
          'a proxy in front of the shop: no message of the server to show',
        ),
    });
    const { result } = setup();
    let outcome;
    await act(async () => {
      outcome = await result.current.addToCart(input());
    });
    expect(outcome).toEqual({ kind: 'failed' });
    expect(await screen.findByText(CART.addFailedRetry)).toBeInTheDocument();
  });
});
