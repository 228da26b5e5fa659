import { ORDER_CONFIRMATION, ORDER_INFO, PAGE_TITLES } from '@otaku/shared';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, orderFixture, stubApi } from '../../../test/checkout-fixtures';
import { storeSession } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { OrderRoute } from './order-route';

const placed = orderFixture({
  orderID: 'ORD-7K2M9Q4A',
  shippingAddress: '1-2-3 Akihabara\nTokyo',
  subtotal: 1_250,
  shippingCost: 5,
  discount: 125,
  discountPercentage: 10,
  couponCode: 'SPRING10',
  finalAmount: 1_130,
  products: [
    {
      lineId: '00000000-0000-4000-8000-000000000005',
      productId: { _id: 'COM-AB12CD', name: 'Blade Circuit Zero', image: '/b.webp' },
      variant: 'V2',
      quantity: 2,
      price: 25,
    },
    {
      lineId: '00000000-0000-4000-8000-000000000004',
      productId: { _id: null, name: 'A figure no longer sold', image: '/f.webp' },
      variant: '',
      quantity: 1,
      price: 1_200,
    },
  ],
});

function showOrder(orderID: string) {
  storeSession('user');
  const api = stubApi({
    'GET /api/order/getOrder/:orderID': (call) =>
      call.path.endsWith(`/${placed.orderID}`)
        ? jsonResponse({ success: true, message: ORDER_INFO.fetchedOne, order: placed })
        : jsonResponse({ success: false, message: ORDER_INFO.notFound, code: 'NOT_FOUND' }, 404),
  });
  renderWithProviders(
    <Routes>
      <Route path="/history/:orderId" element={<OrderRoute />} />
    </Routes>,
    { route: `/history/${orderID}` },
  );
  return api;
}

describe('OrderRoute (/history/:orderId)', () => {
  it('confirms the order: its number, lines, totals, address and a way to the history', async () => {
    const api = showOrder(placed.orderID);
    expect(
      await screen.findByRole('heading', { level: 1, name: ORDER_CONFIRMATION.title }),
    ).toBeInTheDocument();
    expect(api.of('GET /api/order/getOrder/:orderID')[0]!.path).toBe(
      '/api/order/getOrder/ORD-7K2M9Q4A',
    );
    expect(document.title).toBe(PAGE_TITLES.order('ORD-7K2M9Q4A'));
    expect(screen.getByText(ORDER_CONFIRMATION.orderNumber).nextElementSibling).toHaveTextContent(
      'ORD-7K2M9Q4A',
    );
    expect(screen.getByText(ORDER_CONFIRMATION.deliverTo).nextElementSibling).toHaveTextContent(
      '1-2-3 Akihabara Tokyo',
    );

    const lines = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Blade Circuit Zero (V2) × 2$50.00',
      'A figure no longer sold × 1$1,200.00',
    ]);
    // A line links to its product while the shop still sells it.
    expect(within(lines[0]!).getByRole('link', { name: 'Blade Circuit Zero' })).toHaveAttribute(
      'href',
      '/shop/COM-AB12CD',
    );
    expect(within(lines[1]!).queryByRole('link')).not.toBeInTheDocument();

    const total = (label: string) => screen.getByText(label).nextElementSibling;
    expect(total(ORDER_CONFIRMATION.subtotal)).toHaveTextContent('$1,250.00');
    expect(total(ORDER_CONFIRMATION.shipping)).toHaveTextContent('$5.00');
    expect(total(ORDER_CONFIRMATION.discount('SPRING10', 10))).toHaveTextContent('-$125.00');
    expect(total(ORDER_CONFIRMATION.total)).toHaveTextContent('$1,130.00');

    expect(screen.getByRole('link', { name: ORDER_CONFIRMATION.history })).toHaveAttribute(
      'href',
      '/history',
    );
  });

  it("says an order that is not the shopper's is not found", async () => {
    showOrder('ORD-SOMEONES');
    expect(
      await screen.findByRole('heading', { name: ORDER_CONFIRMATION.notFoundTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ORDER_CONFIRMATION.history })).toHaveAttribute(
      'href',
      '/history',
    );
    expect(screen.queryByText(ORDER_CONFIRMATION.title)).not.toBeInTheDocument();
  });
});
