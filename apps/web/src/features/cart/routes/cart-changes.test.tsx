import { CART, CART_INFO, CLEAR_CART, type CartItem } from '@otaku/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadToastLibrary, toast } from '../../../lib/toast';
import {
  CART_RULES,
  cartItem,
  cartResponse,
  figureItem,
  jsonResponse,
  stubApi,
} from '../../../test/checkout-fixtures';
import { storeSession } from '../../../test/factories';
import { showCartPage } from './show-cart-page';

const user = userEvent.setup();

const comic = cartItem(); // 2 × 19.99
const figure = figureItem();

/**
 * A cart server: each change is applied when it arrives and answered with the cart as it then
 * stands, as the real one does. `holdNextAnswer` keeps the next answer back until `release`.
 */
function cartServer(initial: CartItem[]) {
  let lines = initial.map((line) => ({ ...line }));
  let holdNext = false;
  let release: () => void = () => {};
  const find = (body: unknown) => {
    const { productId, variant } = body as { productId: string; variant: string };
    return lines.find((l) => l.productId === productId && l.selectedVariant === variant);
  };
  const answer = (body: object) => {
    const response = jsonResponse(body);
    if (!holdNext) return response;
    holdNext = false;
    return new Promise<Response>((resolve) => {
      release = () => resolve(response);
    });
  };
  const notFound = () => jsonResponse({ success: false, message: CART.itemNotFound }, 404);
  const api = stubApi({
    'POST /api/cart': () => jsonResponse(cartResponse(lines)),
    'PUT /api/cart/update': ({ body }) => {
      const line = find(body);
      if (!line) return notFound();
      line.itemQuantity = (body as { newQuantity: number }).newQuantity;
      lines = lines.filter((l) => l.itemQuantity > 0);
      return answer({ ...cartResponse(lines, 'Cart updated'), reservedQuantity: 1, stock: 5 });
    },
    'DELETE /api/cart/remove': ({ body }) => {
      const line = find(body);
      if (!line) return notFound();
      lines = lines.filter((l) => l !== line);
      return answer(cartResponse(lines, 'Item removed from cart'));
    },
    // Clearing fails here (the server cannot be reached); the page must not trust what it
    // showed before.
    'DELETE /api/cart/clear': () => Promise.reject(new TypeError('Failed to fetch')),
  });
  return {
    api,
    quantityOf: (productId: string) => lines.find((l) => l.productId === productId)?.itemQuantity,
    holdNextAnswer: () => {
      holdNext = true;
    },
    release: () => release(),
    /** The reservation sweeper released a line behind the page's back. */
    sweep: (productId: string) => {
      lines = lines.filter((l) => l.productId !== productId);
    },
  };
}

function renderCart() {
  storeSession('user');
  // Toasts live in a module-wide store that replays active ones to a new outlet: start clean.
  void loadToastLibrary();
  toast.dismiss();
  showCartPage();
}

const quantity = (label: string) =>
  screen.getByLabelText(`Quantity of ${label}`, { selector: 'output' });
const plus = (label: string) =>
  screen.getByRole('button', { name: `Increase quantity of ${label}` });
const minus = (label: string) =>
  screen.getByRole('button', { name: `Decrease quantity of ${label}` });

describe('Cart page changes', { timeout: 20_000 }, () => {
  it('keeps the newest cart when an earlier change is answered last, so further steps count', async () => {
    const server = cartServer([comic, figure]);
    renderCart();
    await screen.findByText('Mecha Figure');

    server.holdNextAnswer();
    await user.click(plus('Blade Circuit Zero (V1)'));
    await user.click(plus('Mecha Figure'));
    server.release();
    await waitFor(() => expect(plus('Mecha Figure')).toBeEnabled());
    await waitFor(() => expect(plus('Blade Circuit Zero (V1)')).toBeEnabled());
    expect(quantity('Mecha Figure')).toHaveTextContent('2');

    await user.click(plus('Mecha Figure'));
    await waitFor(() => expect(quantity('Mecha Figure')).toHaveTextContent('3'));
    await waitFor(() => expect(plus('Mecha Figure')).toBeEnabled());
    expect(quantity('Blade Circuit Zero (V1)')).toHaveTextContent('3');
    expect(server.quantityOf('TOY-BBBBBB')).toBe(3);
    expect(server.quantityOf('COM-AAAAAA')).toBe(3);
  });

  it('reads the cart again when a removal fails, dropping a line the server already released', async () => {
    const server = cartServer([comic, figure]);
    renderCart();
    await screen.findByText('Mecha Figure');
    server.sweep('TOY-BBBBBB');

    await user.click(screen.getByRole('button', { name: 'Remove Mecha Figure' }));
    expect(await screen.findByText(CART.itemNotFound)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Mecha Figure')).not.toBeInTheDocument());
    expect(server.api.of('POST /api/cart')).toHaveLength(2);
    expect(screen.getByText('Blade Circuit Zero')).toBeInTheDocument();
  });

  it("stops a line at the shop's ceiling of one item with its message, sending nothing", async () => {
    const max = CART_RULES.maxUnitsPerItem;
    const server = cartServer([{ ...figure, itemQuantity: max }]);
    renderCart();
    await screen.findByText('Mecha Figure');

    await user.click(plus('Mecha Figure'));
    expect(await screen.findByText(CART_INFO.lineLimit(max, max))).toBeInTheDocument();
    await waitFor(() => expect(plus('Mecha Figure')).toBeEnabled());
    expect(server.api.of('PUT /api/cart/update')).toHaveLength(0);
    expect(quantity('Mecha Figure')).toHaveTextContent(String(max));
  });

  it("stops at the shop's ceiling of the whole cart, and still lets units go", async () => {
    const max = CART_RULES.maxUnitsPerCart;
    // 10 + 9 + 10 + 1: every item within its own ceiling, the cart at its own.
    const server = cartServer([
      { ...comic, itemQuantity: 10 },
      { ...figure, itemQuantity: 9 },
      cartItem({ productId: 'COM-CCCCCC', name: 'Third Volume', itemQuantity: 10 }),
      cartItem({ productId: 'COM-DDDDDD', name: 'Fourth Volume', itemQuantity: 1 }),
    ]);
    renderCart();
    await screen.findByText('Mecha Figure');

    await user.click(plus('Mecha Figure'));
    expect(await screen.findByText(CART_INFO.cartLimit(max, max))).toBeInTheDocument();
    expect(server.api.of('PUT /api/cart/update')).toHaveLength(0);
    await waitFor(() => expect(minus('Mecha Figure')).toBeEnabled());
    await user.click(minus('Mecha Figure'));
    await waitFor(() => expect(quantity('Mecha Figure')).toHaveTextContent('8'));
    expect(server.api.of('PUT /api/cart/update')).toHaveLength(1);
  });

  it("shows the server's refusal of a step past a product's limit per customer", async () => {
    const message = CART_INFO.customerLimit(2, 2);
    stubApi({
      'POST /api/cart': () => jsonResponse(cartResponse([{ ...figure, itemQuantity: 2 }])),
      'PUT /api/cart/update': () =>
        jsonResponse({ success: false, message, code: 'GENERAL_ERROR', stock: 5 }, 409),
    });
    renderCart();
    await screen.findByText('Mecha Figure');
    await user.click(plus('Mecha Figure'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(quantity('Mecha Figure')).toHaveTextContent('2'));
  });

  it('reads the cart again when clearing fails', async () => {
    const server = cartServer([comic, figure]);
    renderCart();
    await screen.findByText('Mecha Figure');
    server.sweep('TOY-BBBBBB');

    await user.click(screen.getByRole('button', { name: CLEAR_CART.button }));
    const dialog = await screen.findByRole('dialog', { name: CLEAR_CART.title });
    await user.click(within(dialog).getByRole('button', { name: CLEAR_CART.confirm }));
    expect(await screen.findByText(CART.clearFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Mecha Figure')).not.toBeInTheDocument());
    expect(server.api.of('POST /api/cart')).toHaveLength(2);
  });
});
