import {
  CART,
  CART_INFO,
  CATALOG,
  PRODUCT_PAGE,
  SHOP,
  VALIDATION,
  type Product,
} from '@otaku/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/ui';
import { toast } from '../../../lib/toast';
import { createProduct, stubCatalogApi } from '../../../test/catalog-factories';
import { CART_RULES, cartItem, cartResponse } from '../../../test/checkout-fixtures';
import { jsonResponse, storeSession } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { ProductRoute } from './product-route';

let comic: Product;

function renderProduct(id: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/shop/:productId" element={<ProductRoute />} />
        <Route path="/shop" element={<p>the shop</p>} />
      </Routes>
      <Toaster variant="shop" />
    </>,
    { route: `/shop/${id}` },
  );
}

const plus = () => screen.getByRole('button', { name: 'Increase quantity' });
const minus = () => screen.getByRole('button', { name: 'Decrease quantity' });
const quantity = () => screen.getByRole('group', { name: 'Quantity' }).querySelector('output');

beforeEach(() => {
  comic = createProduct({
    productID: 'COM-ABC123',
    name: 'Frieren Vol. 2',
    genres: ['fantasy', 'adventure'],
    price: 10.5,
    volumes: ['V1', 'V2', 'V3'],
    stock: { V1: 2, V2: 0, V3: 1 },
  });
  stubCatalogApi({ products: [comic] });
});

describe('ProductRoute', { timeout: 20_000 }, () => {
  it('shows the product: tag, name, genres, description, prices and the way back', async () => {
    renderProduct(comic.productID);
    expect(await screen.findByRole('heading', { level: 1, name: 'Frieren Vol. 2' })).toBeVisible();
    expect(document.title).toBe('Frieren Vol. 2 – Otaku Shelf');
    expect(screen.getByText('Comic')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Genres' })).toHaveTextContent('FantasyAdventure');
    expect(screen.getByText(comic.description)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Frieren Vol. 2' })).toHaveAttribute(
      'srcset',
      `${comic.images.small} 400w, ${comic.images.large} 800w`,
    );
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it("disables an out-of-stock variant and labels it '(Out of Stock)'", async () => {
    renderProduct(comic.productID);
    expect(await screen.findByRole('radio', { name: 'V2 (Out of Stock)' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'V1' })).toBeEnabled();
  });

  it('asks for a variant before the quantity changes', async () => {
    const user = userEvent.setup();
    renderProduct(comic.productID);
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByText(VALIDATION.variantBeforeIncrease)).toBeInTheDocument();
    await user.click(minus());
    expect(await screen.findByText(VALIDATION.variantBeforeDecrease)).toBeInTheDocument();
    expect(quantity()).toHaveTextContent('0');
  });

  it('selecting a variant sets the quantity to 1; the stepper stays within the stock', async () => {
    const user = userEvent.setup();
    renderProduct(comic.productID);
    await user.click(await screen.findByRole('radio', { name: 'V1' }));
    expect(quantity()).toHaveTextContent('1');
    await user.click(plus());
    expect(quantity()).toHaveTextContent('2');
    expect(screen.getByText('$21.00')).toBeInTheDocument();
    await user.click(plus());
    expect(quantity()).toHaveTextContent('2');
    expect(await screen.findByText(CATALOG.onlyLeft(2))).toBeInTheDocument();
    await user.click(minus());
    await user.click(minus());
    expect(quantity()).toHaveTextContent('0');
  });

  it("stops the stepper at the shop's ceiling of one item, counting what the cart holds", async () => {
    const user = userEvent.setup();
    storeSession('user');
    comic = { ...comic, stock: { V1: 50, V2: 0, V3: 1 } };
    const held = cartItem({ productId: comic.productID, selectedVariant: 'V1', itemQuantity: 8 });
    stubCatalogApi({ products: [comic], cart: cartResponse([held]) });
    renderProduct(comic.productID);
    await user.click(await screen.findByRole('radio', { name: 'V1' }));
    await user.click(plus());
    expect(quantity()).toHaveTextContent('2');
    await user.click(plus());
    expect(quantity()).toHaveTextContent('2');
    expect(
      await screen.findByText(CART_INFO.lineLimit(CART_RULES.maxUnitsPerItem, 8)),
    ).toBeInTheDocument();
  });

  it("stops the stepper at the shop's ceiling of the whole cart", async () => {
    const user = userEvent.setup();
    storeSession('user');
    comic = { ...comic, stock: { V1: 50, V2: 0, V3: 1 } };
    const lines = [1, 2, 3].map((n) =>
      cartItem({ productId: `TOY-00000${n}`, selectedVariant: '', itemQuantity: 9 }),
    );
    stubCatalogApi({ products: [comic], cart: cartResponse(lines) });
    renderProduct(comic.productID);
    await user.click(await screen.findByRole('radio', { name: 'V1' }));
    await user.click(plus());
    await user.click(plus());
    await user.click(plus());
    expect(quantity()).toHaveTextContent('3');
    expect(
      await screen.findByText(CART_INFO.cartLimit(CART_RULES.maxUnitsPerCart, 27)),
    ).toBeInTheDocument();
  });

  it('says a limited product is limited per customer, and why an add past it was refused', async () => {
    const user = userEvent.setup();
    storeSession('user');
    comic = { ...comic, limitPerCustomer: 2 };
    const message = CART_INFO.customerLimit(2, 2);
    stubCatalogApi({
      products: [comic],
      reserve: () =>
        jsonResponse({ success: false, message, code: 'GENERAL_ERROR', stock: 5 }, 409),
    });
    renderProduct(comic.productID);
    expect(await screen.findByText(CART_INFO.limitedTo(2))).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: 'V1' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says nothing of a limit when the product has none', async () => {
    stubCatalogApi({ products: [comic] });
    renderProduct(comic.productID);
    await screen.findByRole('radio', { name: 'V1' });
    expect(screen.queryByText(/per customer/)).not.toBeInTheDocument();
  });

  it('shows why the server refused an add, e.g. too many at once', async () => {
    const user = userEvent.setup();
    storeSession('user');
    const message = CART_INFO.tooManyReservations(42);
    stubCatalogApi({
      products: [comic],
      reserve: () =>
        jsonResponse({ success: false, message, code: 'RATE_LIMITED', retryAfterSeconds: 42 }, 429),
    });
    renderProduct(comic.productID);
    await user.click(await screen.findByRole('radio', { name: 'V1' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('asks a guest to log in before adding to the cart', async () => {
    const user = userEvent.setup();
    renderProduct(comic.productID);
    await user.click(await screen.findByRole('radio', { name: 'V1' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(VALIDATION.addToCartLoginRequired)).toBeInTheDocument();
  });

  it('after adding, resets the quantity and clears a variant whose stock reached 0', async () => {
    const user = userEvent.setup();
    storeSession('user');
    const asked: unknown[] = [];
    stubCatalogApi({
      products: [comic],
      reserve: (body) => {
        asked.push(body);
        return jsonResponse({
          success: true,
          message: 'Item added to cart',
          cartItems: [],
          heldUntil: null,
          ...CART_RULES,
          reservedQuantity: 1,
          stock: 0,
        });
      },
    });
    renderProduct(comic.productID);
    await user.click(await screen.findByRole('radio', { name: 'V3' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
    expect(asked).toEqual([
      expect.objectContaining({ productId: 'COM-ABC123', variant: 'V3', quantity: 1 }),
    ]);
    await waitFor(() => expect(quantity()).toHaveTextContent('0'));
    expect(screen.getByRole('radio', { name: 'V3 (Out of Stock)' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'V1' })).not.toBeChecked();
  });

  it('marks a variant unavailable when the server says it is out of stock', async () => {
    const user = userEvent.setup();
    storeSession('user');
    stubCatalogApi({
      products: [comic],
      reserve: () =>
        jsonResponse({ success: false, message: 'Out', code: 'OUT_OF_STOCK', stock: 0 }, 409),
    });
    renderProduct(comic.productID);
    await user.click(await screen.findByRole('radio', { name: 'V1' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(CART.outOfStock)).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'V1 (Out of Stock)' })).toBeDisabled();
    expect(quantity()).toHaveTextContent('0');
  });

  it('starts a single-stock toy at quantity 1, with no variant to pick', async () => {
    const toy = createProduct({
      productID: 'TOY-ABC123',
      category: 'toys',
      toyType: 'car',
      genres: [],
      volumes: [],
      stock: 3,
    });
    stubCatalogApi({ products: [toy] });
    renderProduct(toy.productID);
    expect(await screen.findByText('Cars')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(quantity()).toHaveTextContent('1');
  });

  it('says a sold-out toy is out of stock and offers no Add to Cart', async () => {
    const toy = createProduct({
      productID: 'TOY-SOLD00',
      category: 'toys',
      toyType: 'figure',
      genres: [],
      volumes: [],
      stock: 0,
      inStock: false,
    });
    stubCatalogApi({ products: [toy] });
    // Toasts live in a module-wide store: one an earlier test raised must not answer for this.
    toast.dismiss();
    renderProduct(toy.productID);
    expect(await screen.findByText(SHOP.outOfStock)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await userEvent.click(plus());
    expect(await screen.findByText(CART.outOfStock)).toBeInTheDocument();
    expect(quantity()).toHaveTextContent('0');
  });

  it('says a comic whose every volume is sold out is so, instead of asking for a volume', async () => {
    const soldOut = createProduct({
      productID: 'COM-SOLD00',
      volumes: ['V1', 'V2'],
      stock: { V1: 0, V2: 0 },
      inStock: false,
    });
    stubCatalogApi({ products: [soldOut] });
    toast.dismiss();
    renderProduct(soldOut.productID);
    expect(await screen.findByText(PRODUCT_PAGE.allSoldOut('volumes'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await userEvent.click(plus());
    expect(await screen.findByText(CART.outOfStock)).toBeInTheDocument();
    await userEvent.click(minus());
    expect(screen.queryByText(VALIDATION.variantBeforeIncrease)).not.toBeInTheDocument();
    expect(screen.queryByText(VALIDATION.variantBeforeDecrease)).not.toBeInTheDocument();
  });

  it('shows a friendly page for an unknown product', async () => {
    renderProduct('COM-NOPE00');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
  });
});
