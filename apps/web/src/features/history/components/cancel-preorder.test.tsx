/**
 * Cancelling a pre-order line from the purchase history (decision 169): only a line waiting for
 * its release offers it; the question says what goes back (the card refund worked out by the
 * shop's rules); the answer's message is shown and the order is read again, the line struck
 * through with its refund. Keeping it changes nothing.
 */
import { PREORDER_CANCEL, type Order } from '@otaku/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, orderFixture, stubApi } from '../../../test/checkout-fixtures';
import { storeSession, toastsTitled } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { HistoryRoute } from '../routes/history-route';

const FIGURE_LINE = '00000000-0000-4000-8000-0000000000f1';

/** A card order of a figure pre-order (2 × $90) and a poster ($20), 10 % off: $185.00 paid. */
const placed = orderFixture({
  orderID: 'ORD-PREORDR1',
  paymentMethod: 'card',
  paymentStatus: 'paid',
  subtotal: 200,
  discount: 20,
  discountPercentage: 10,
  couponCode: 'FAN10',
  shippingCost: 5,
  finalAmount: 185,
  products: [
    {
      lineId: FIGURE_LINE,
      productId: { _id: 'TOY-FIG001', name: 'Ronin figure', image: '/a.webp' },
      variant: '',
      quantity: 2,
      price: 90,
      releaseDate: '2027-03-15',
      waitingForRelease: true,
    },
    {
      lineId: '00000000-0000-4000-8000-0000000000f2',
      productId: { _id: 'CLO-POS001', name: 'Ronin poster', image: '/b.webp' },
      variant: '',
      quantity: 1,
      price: 20,
    },
  ],
});

/** The order after the figure's line was cancelled: $162.00 back, $23.00 left. */
const cancelled: Order = {
  ...placed,
  subtotal: 20,
  discount: 2,
  finalAmount: 23,
  products: [
    {
      ...placed.products[0]!,
      waitingForRelease: false,
      cancelled: true,
      refund: { amount: 162, status: 'refunded' },
    },
    placed.products[1]!,
  ],
};

const history = (order: Order) =>
  jsonResponse({
    success: true,
    message: 'Orders fetched',
    paginatedOrders: [order],
    currPage: 1,
    totalPages: 1,
    totalOrders: 1,
  });

describe('cancelling a pre-order from the purchase history', () => {
  it('asks with the refund, cancels the line and shows it cancelled with its refund', async () => {
    storeSession('user');
    let current = placed;
    const api = stubApi({
      'GET /api/order/getOrders': () => history(current),
      'POST /api/order/cancelPreorderLine': () => {
        current = cancelled;
        return jsonResponse({
          success: true,
          message: PREORDER_CANCEL.cancelledRefunded('$162.00'),
          order: cancelled,
        });
      },
    });
    renderWithProviders(<HistoryRoute />);

    const cancel = await screen.findByRole('button', {
      name: PREORDER_CANCEL.buttonLabel('Ronin figure'),
    });
    // Only the waiting pre-order offers it.
    expect(screen.getAllByRole('button', { name: /Cancel pre-order/ })).toHaveLength(1);

    // Keeping it changes nothing.
    await userEvent.click(cancel);
    let dialog = await screen.findByRole('dialog', { name: PREORDER_CANCEL.confirmTitle });
    expect(dialog).toHaveTextContent(PREORDER_CANCEL.confirmLine(2, 'Ronin figure'));
    expect(dialog).toHaveTextContent(PREORDER_CANCEL.confirmRefund('$162.00'));
    await userEvent.click(within(dialog).getByRole('button', { name: PREORDER_CANCEL.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.of('POST /api/order/cancelPreorderLine')).toHaveLength(0);

    await userEvent.click(cancel);
    dialog = await screen.findByRole('dialog', { name: PREORDER_CANCEL.confirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: PREORDER_CANCEL.confirm }));

    expect(await screen.findByText(PREORDER_CANCEL.cancelledLabel)).toBeInTheDocument();
    expect(screen.getByText(PREORDER_CANCEL.refund.refunded('$162.00'))).toBeInTheDocument();
    expect(screen.getByText('Total $23.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel pre-order/ })).not.toBeInTheDocument();
    expect(api.of('POST /api/order/cancelPreorderLine').map((c) => c.body)).toEqual([
      { orderID: 'ORD-PREORDR1', lineId: FIGURE_LINE },
    ]);
    expect(await toastsTitled(PREORDER_CANCEL.cancelledRefunded('$162.00'))).toHaveLength(1);
  });

  it('says why when the shop refuses, and keeps the line', async () => {
    storeSession('user');
    stubApi({
      'GET /api/order/getOrders': () => history(placed),
      'POST /api/order/cancelPreorderLine': () =>
        jsonResponse({ success: false, message: PREORDER_CANCEL.released, code: 'CONFLICT' }, 409),
    });
    renderWithProviders(<HistoryRoute />);
    await userEvent.click(
      await screen.findByRole('button', { name: PREORDER_CANCEL.buttonLabel('Ronin figure') }),
    );
    const dialog = await screen.findByRole('dialog', { name: PREORDER_CANCEL.confirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: PREORDER_CANCEL.confirm }));
    await waitFor(async () => expect(await toastsTitled(PREORDER_CANCEL.released)).toHaveLength(1));
    expect(screen.queryByText(PREORDER_CANCEL.cancelledLabel)).not.toBeInTheDocument();
  });
});
