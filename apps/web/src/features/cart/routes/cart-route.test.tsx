import {
  CART,
  CLEAR_CART,
  COUPON,
  COUPON_INFO,
  ORDER,
  ORDER_INFO,
  PAGES,
  TIMINGS,
  VALIDATION,
} from '@otaku/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  cartItem,
  cartResponse,
  figureItem,
  jsonResponse,
  orderFixture,
  stubApi,
} from '../../../test/checkout-fixtures';
import { orderKey } from '../../../lib/cart/cart-api';
import { storeSession } from '../../../test/factories';
import { redirectTo } from '../hooks/use-checkout';
import { showCartPage } from './show-cart-page';

const user = userEvent.setup();
/** Types by pasting: one input event instead of one per key. */
async function enter(field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const comic = cartItem(); // 2 × 19.99
const figure = figureItem();

function renderCart(extra: Parameters<typeof stubApi>[0] = {}) {
  const shopper = storeSession('user');
  const api = stubApi({
    'POST /api/cart': () => jsonResponse(cartResponse([comic, figure])),
    'POST /api/coupon/verify': (call) =>
      (call.body as { couponCode: string }).couponCode.toUpperCase() === 'OTAKU15'
        ? jsonResponse({
            success: true,
            message: 'Coupon is valid',
            data: {
              coupondata: {
                coupon: { couponCode: 'OTAKU15', discountPercentage: 15, expiryDate: '2030-01-01' },
              },
            },
          })
        : jsonResponse({ success: false, message: COUPON.invalid, code: 'VALIDATION' }, 400),
    'POST /api/order/placeOrder': () =>
      jsonResponse({ success: true, message: ORDER.placed, order: orderFixture() }, 201),
    ...extra,
  });
  const client = showCartPage();
  return { api, shopper, client };
}

const summary = () => screen.getByText('Order Summary').parentElement!;

/** A coupon check that answers (with `percent` off) only when `release` is called. */
function heldCouponCheck(percent: number) {
  let release: () => void = () => {};
  const handler = () =>
    new Promise<Response>((resolve) => {
      release = () =>
        resolve(
          jsonResponse({
            success: true,
            message: 'Coupon is valid',
            data: {
              coupondata: {
                coupon: {
                  couponCode: 'LATE',
                  discountPercentage: percent,
                  expiryDate: '2030-01-01',
                },
              },
            },
          }),
        );
    });
  return { handler, release: () => release() };
}

/**
 * Enters the address, opens the coupon dialog with `button` and presses Apply with the code
 * LATE, once the cart has shown; returns the dialog once its check has been asked for.
 */
async function applyDuringCheckout(
  api: ReturnType<typeof renderCart>['api'],
  address: string,
  button: 'Place Order' | 'Pay with Card',
) {
  await screen.findByText('Blade Circuit Zero');
  await enter(screen.getByLabelText('Delivery address'), address);
  await user.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: PAGES.applyCouponCode });
  await enter(within(dialog).getByLabelText('Coupon code'), 'LATE');
  await user.click(within(dialog).getByRole('button', { name: 'Apply Coupon' }));
  await waitFor(() => expect(api.of('POST /api/coupon/verify')).toHaveLength(1));
  return dialog;
}

/** Waits past the coupon dialog's auto-proceed delay. */
const pastAutoProceed = () =>
  new Promise((resolve) => setTimeout(resolve, TIMINGS.couponAutoProceedMs + 500));

// Generous: under a loaded machine, typing and the 1.5 s auto-proceed take a while.
describe('Cart page', { timeout: 20_000 }, () => {
  it('lists lines with variant badge and price, and an order summary with $5 shipping', async () => {
    renderCart();
    expect(await screen.findByText('Blade Circuit Zero')).toBeInTheDocument();
    expect(screen.getByText('V1')).toBeInTheDocument();
    expect(screen.getByText('$39.98')).toBeInTheDocument();
    const box = within(summary());
    expect(box.getByText('Items').nextSibling).toHaveTextContent('3');
    expect(box.getByText('Subtotal').nextSibling).toHaveTextContent('$45.53');
    expect(box.getByText('Shipping').nextSibling).toHaveTextContent('$5.00');
    expect(box.getByTestId('order-total')).toHaveTextContent('$50.53');
    expect(screen.getByText(/held for 30 minutes after your last change/)).toBeInTheDocument();
  });

  it('shows a long name on up to two lines, whole in its title and its link name', async () => {
    const name = 'Ronin of the Crimson Moon 1/7 Scale Figure';
    renderCart({
      'POST /api/cart': () => jsonResponse(cartResponse([comic, figureItem({ name })])),
    });
    const link = await screen.findByRole('link', { name });
    expect(link).toHaveAttribute('title', name);
    // A phone cut it to one line with an ellipsis, hiding what told it from the comic.
    expect(link).toHaveClass('line-clamp-2');
    expect(link).not.toHaveClass('truncate');
  });

  it('offers each line as one named link, its picture leading there too without a stop', async () => {
    renderCart();
    await screen.findByText('Blade Circuit Zero');
    // Every link a keyboard or screen reader meets in the cart's lines has a name.
    const lines = screen.getAllByRole('listitem').filter((li) => li.querySelector('img'));
    for (const line of lines) {
      const links = within(line).getAllByRole('link');
      expect(links).toHaveLength(1);
      expect(links[0]).toHaveAccessibleName();
      const picture = line.querySelector('img')!.closest('a')!;
      expect(picture).toHaveAttribute('tabindex', '-1');
      expect(picture.getAttribute('href')).toBe(links[0]!.getAttribute('href'));
    }
    expect(lines.length).toBeGreaterThan(0);
  });

  it('asks for a delivery address and a payment method before placing an order', async () => {
    renderCart();
    await screen.findByText('Blade Circuit Zero');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(VALIDATION.deliveryAddressRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay with Card' }));
    expect(await screen.findByText(VALIDATION.deliveryAddressRequiredForCard)).toBeInTheDocument();

    await enter(screen.getByLabelText('Delivery address'), 'Tokyo');
    await user.click(screen.getByRole('button', { name: 'Cash on Delivery' }));
    // Unticking cash on delivery hides Place Order (shown only for cash on delivery).
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cash on Delivery' }));
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeInTheDocument();
  });

  it('applies a coupon once, strikes the original total and places the order after 1.5 s', async () => {
    const { api } = renderCart();
    await screen.findByText('Blade Circuit Zero');
    await enter(screen.getByLabelText('Delivery address'), '1-2-3 Akihabara');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    const dialog = await screen.findByRole('dialog', { name: PAGES.applyCouponCode });
    const apply = within(dialog).getByRole('button', { name: 'Apply Coupon' });
    expect(apply).toBeDisabled();
    // Its hint names no code: an example code would be one the shop does not have.
    expect(within(dialog).getByLabelText('Coupon code')).toHaveAttribute(
      'placeholder',
      COUPON_INFO.placeholder,
    );
    await enter(within(dialog).getByLabelText('Coupon code'), '   ');
    expect(apply).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Coupon code'));
    await enter(within(dialog).getByLabelText('Coupon code'), 'otaku15');
    await user.click(apply);

    // 45.53 × 15% = 6.83 saved; 45.53 − 6.83 + 5 = 43.70
    expect(await screen.findByText(COUPON.applied('6.83'))).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Original total')).toHaveTextContent('$50.53');
    expect(within(dialog).getByTestId('order-total')).toHaveTextContent('$43.70');
    expect(within(dialog).getByText('Discount (15%)')).toBeInTheDocument();
    expect(within(dialog).getByText(COUPON.proceeding)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await user.click(apply);
    expect(await screen.findByText(VALIDATION.couponAlreadyApplied)).toBeInTheDocument();
    expect(api.of('POST /api/coupon/verify')).toHaveLength(1);
    expect(api.of('POST /api/order/placeOrder')).toHaveLength(0);

    await waitFor(() => expect(api.of('POST /api/order/placeOrder')).toHaveLength(1), {
      timeout: 3000,
    });
    expect(api.of('POST /api/order/placeOrder')[0]!.body).toMatchObject({
      couponCode: 'OTAKU15',
      deliveryAddress: '1-2-3 Akihabara',
      paymentMethod: 'cod',
    });
    expect(await screen.findByText(ORDER.placed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server message for a refused coupon, and skipping orders without one', async () => {
    const { api, client } = renderCart();
    await screen.findByText('Blade Circuit Zero');
    await enter(screen.getByLabelText('Delivery address'), 'Osaka');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('dialog');
    await enter(within(dialog).getByLabelText('Coupon code'), 'NOPE');
    await user.click(within(dialog).getByRole('button', { name: 'Apply Coupon' }));
    expect(await screen.findByText(COUPON.invalid)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: PAGES.skipCoupon }));
    await waitFor(() => expect(api.of('POST /api/order/placeOrder')).toHaveLength(1));
    expect(api.of('POST /api/order/placeOrder')[0]!.body).toMatchObject({ couponCode: null });
    // Placed, the shopper lands on the order's confirmation, which has the order to show.
    await screen.findByText(ORDER.placed);
    expect(await screen.findByTestId('landed-on')).toHaveTextContent('/history/ORD-00000001');
    expect(client.getQueryData(orderKey('ORD-00000001'))).toEqual(orderFixture());
  });

  it('does nothing with a coupon check that answers after the dialog was closed', async () => {
    const check = heldCouponCheck(20); // 20% of 45.53 saves 9.11
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const { api } = renderCart({
      'POST /api/coupon/verify': check.handler,
      'GET /api/payments/config': () => jsonResponse({ success: true, provider: 'stripe' }),
      'POST /api/stripe/create-checkout-session': () =>
        jsonResponse({ success: true, url: 'https://pay.example/session' }),
    });
    await applyDuringCheckout(api, 'Nagoya', 'Pay with Card');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    check.release();
    await pastAutoProceed();
    expect(screen.queryByText(COUPON.applied('9.11'))).not.toBeInTheDocument();
    expect(api.of('POST /api/stripe/create-checkout-session')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();

    // Opened again, the dialog has no coupon from the abandoned check and Apply works.
    await user.click(screen.getByRole('button', { name: 'Pay with Card' }));
    const again = await screen.findByRole('dialog', { name: PAGES.applyCouponCode });
    expect(within(again).queryByText('Discount (20%)')).not.toBeInTheDocument();
    await enter(within(again).getByLabelText('Coupon code'), 'LATE');
    expect(within(again).getByRole('button', { name: 'Apply Coupon' })).toBeEnabled();
    assign.mockRestore();
  });

  it('gives the focus back to the button that opened the coupon dialog when it is closed', async () => {
    renderCart();
    await screen.findByText('Blade Circuit Zero');
    await enter(screen.getByLabelText('Delivery address'), 'Osaka');
    const placeOrder = screen.getByRole('button', { name: 'Place Order' });
    await user.click(placeOrder);
    await screen.findByRole('dialog', { name: PAGES.applyCouponCode });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(placeOrder).toHaveFocus());
  });

  it('places one order without a coupon when Skip is pressed while the check is pending', async () => {
    const check = heldCouponCheck(10); // 10% of 45.53 saves 4.55
    const { api } = renderCart({ 'POST /api/coupon/verify': check.handler });
    const dialog = await applyDuringCheckout(api, 'Sapporo', 'Place Order');

    await user.click(within(dialog).getByRole('button', { name: PAGES.skipCoupon }));
    await waitFor(() => expect(api.of('POST /api/order/placeOrder')).toHaveLength(1));
    check.release();
    await pastAutoProceed();
    expect(api.of('POST /api/order/placeOrder')).toHaveLength(1);
    expect(api.of('POST /api/order/placeOrder')[0]!.body).toMatchObject({ couponCode: null });
    expect(screen.queryByText(COUPON.applied('4.55'))).not.toBeInTheDocument();
  });

  it('shows the server message when the order is refused', async () => {
    renderCart({
      'POST /api/order/placeOrder': () =>
        jsonResponse({ success: false, message: 'Your cart is empty', code: 'VALIDATION' }, 400),
    });
    await screen.findByText('Blade Circuit Zero');
    await enter(screen.getByLabelText('Delivery address'), 'Kyoto');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await user.click(await screen.findByRole('button', { name: PAGES.skipCoupon }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('reads the cart again when a card payment is refused, showing the lines that went back on sale', async () => {
    let lines = [comic, figure];
    const { api } = renderCart({
      'POST /api/cart': () => jsonResponse(cartResponse(lines)),
      'GET /api/payments/config': () => jsonResponse({ success: true, provider: 'test' }),
      'POST /api/test/create-checkout-session': () => {
        lines = [comic]; // the figure's hold had ended: it is back on sale
        return jsonResponse(
          { success: false, message: ORDER_INFO.holdEnded, code: 'CONFLICT' },
          409,
        );
      },
    });
    await screen.findByText('Mecha Figure');
    await enter(screen.getByLabelText('Delivery address'), 'Nara');
    await user.click(screen.getByRole('button', { name: 'Pay with Card' }));
    await user.click(await screen.findByRole('button', { name: PAGES.skipCoupon }));
    expect(await screen.findByText(ORDER_INFO.holdEnded)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Mecha Figure')).not.toBeInTheDocument());
    expect(screen.getByText('Blade Circuit Zero')).toBeInTheDocument();
    expect(api.of('POST /api/test/create-checkout-session')).toHaveLength(1);
  });

  it("disables a line's quantity buttons while its change is pending", async () => {
    let release: () => void = () => {};
    const { api } = renderCart({
      'PUT /api/cart/update': () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              jsonResponse({
                ...cartResponse([{ ...comic, itemQuantity: 3 }, figure], 'Cart updated'),
                reservedQuantity: 3,
                stock: 7,
              }),
            );
        }),
    });
    await screen.findByText('Blade Circuit Zero');
    const plus = screen.getByRole('button', {
      name: 'Increase quantity of Blade Circuit Zero (V1)',
    });
    await user.click(plus);
    expect(plus).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity of Mecha Figure' })).toBeEnabled();
    expect(api.of('PUT /api/cart/update')[0]!.body).toEqual({
      productId: 'COM-AAAAAA',
      variant: 'V1',
      newQuantity: 3,
    });
    release();
    await waitFor(() => expect(plus).toBeEnabled());
    expect(
      screen.getByLabelText('Quantity of Blade Circuit Zero (V1)', { selector: 'output' }),
    ).toHaveTextContent('3');
  });

  it('removes a line and clears the cart, with the fallback message when removing fails', async () => {
    let failRemove = true;
    const { api } = renderCart({
      // The server cannot be reached: no message of its own to show.
      'DELETE /api/cart/remove': () =>
        failRemove
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(cartResponse([comic], 'Item removed from cart')),
      'DELETE /api/cart/clear': () => jsonResponse(cartResponse([], 'Cart cleared')),
    });
    await screen.findByText('Mecha Figure');
    await user.click(screen.getByRole('button', { name: 'Remove Mecha Figure' }));
    expect(await screen.findByText(CART.removeFailed)).toBeInTheDocument();
    failRemove = false;
    await user.click(screen.getByRole('button', { name: 'Remove Mecha Figure' }));
    await waitFor(() => expect(screen.queryByText('Mecha Figure')).not.toBeInTheDocument());
    expect(api.of('DELETE /api/cart/remove').at(-1)!.body).toEqual({
      productId: 'TOY-BBBBBB',
      variant: '',
    });
    // Clearing asks first: keeping the items sends nothing; confirming clears.
    await user.click(screen.getByRole('button', { name: CLEAR_CART.button }));
    let dialog = await screen.findByRole('dialog', { name: CLEAR_CART.title });
    expect(dialog).toHaveTextContent(CLEAR_CART.text(2));
    await user.click(within(dialog).getByRole('button', { name: CLEAR_CART.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.of('DELETE /api/cart/clear')).toHaveLength(0);
    expect(screen.getByText('Blade Circuit Zero')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: CLEAR_CART.button }));
    dialog = await screen.findByRole('dialog', { name: CLEAR_CART.title });
    await user.click(within(dialog).getByRole('button', { name: CLEAR_CART.confirm }));
    // (A toast may say the same; the page says it in a p.)
    expect(await screen.findByText('Your cart is empty', { selector: 'p' })).toBeInTheDocument();
    expect(api.of('DELETE /api/cart/clear')).toHaveLength(1);
  });
});
