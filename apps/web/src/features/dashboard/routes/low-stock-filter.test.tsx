/** The low-stock card's link to the products list filtered to low stock (decision 163). */
import { LOW_STOCK, LOW_STOCK_THRESHOLD, type Product } from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { createProduct } from '../../../test/catalog-factories';
import { jsonResponse } from '../../../test/factories';
import { paths } from '../../../lib/paths';
import { OrdersPage } from './orders-page';
import { ProductsPage } from './products-page';

configure({ asyncUtilTimeout: 5_000 });

const low = createProduct({ productID: 'TOY-LOW001', name: 'Nearly Gone Figure', stock: 2 });
const plenty = createProduct({ productID: 'TOY-MANY001', name: 'Plenty Figure', stock: 40 });

/** The dashboard's calls; the products list answers as the server filters. Gives its queries. */
function stubDashboard() {
  const asked: URLSearchParams[] = [];
  const page = (rows: Product[]) => ({
    success: true,
    currPageProducts: rows,
    totalPages: 1,
    totalProducts: rows.length,
    page: 1,
    pageSize: 20,
    scope: 'category',
    message: 'Products fetched successfully',
  });
  stubApi({
    'GET /api/product/dashboardProducts': ({ search }) => {
      const query = new URLSearchParams(search);
      asked.push(query);
      return jsonResponse(page(query.get('stock') === 'low' ? [low] : [low, plenty]));
    },
    'GET /api/order/allOrdersList': () =>
      jsonResponse({
        success: true,
        currPageOrders: [],
        totalPages: 1,
        totalOrders: 0,
        message: 'Orders fetched.',
      }),
    'GET /api/order/orderStats': () =>
      jsonResponse({
        success: true,
        stats: { pending: 0, processing: 0, shipped: 0, delivered: 0 },
        message: 'Stats fetched.',
      }),
    'GET /api/order/revenue': () => jsonResponse({ success: true, days: [] }),
    'GET /api/product/lowStock': () =>
      jsonResponse({
        success: true,
        threshold: LOW_STOCK_THRESHOLD,
        items: [
          { productID: low.productID, name: low.name, category: 'toys', variant: '', stock: 2 },
        ],
      }),
    'GET /api/order/mailProblems': () => jsonResponse({ success: true, failed: 0 }),
    'GET /api/order/refunds/failed': () => jsonResponse({ success: true, total: 0, refunds: [] }),
  });
  return asked;
}

function Address() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

const showAt = (route: string) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={paths.dashboard.products} element={<ProductsPage />} />
          <Route path={paths.dashboard.orders} element={<OrdersPage />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const table = () => screen.findByRole('table', { name: 'Products' });
const filterBox = () =>
  screen.getByRole('checkbox', { name: LOW_STOCK.filter(LOW_STOCK_THRESHOLD) });

describe('the low-stock card links to the products running low', { timeout: 20_000 }, () => {
  it('follows View all to the filtered list, and the filter clears', async () => {
    const asked = stubDashboard();
    showAt(paths.dashboard.orders);
    const card = await screen.findByRole('region', { name: 'Low stock (5 or fewer)' });
    await within(card).findByText(low.name);
    await userEvent.click(screen.getByRole('link', { name: LOW_STOCK.viewAll }));

    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(
      '/dashboard?stock=low',
    );
    expect(await within(await table()).findByText(low.name)).toBeInTheDocument();
    expect(within(await table()).queryByText(plenty.name)).not.toBeInTheDocument();
    expect(asked.at(-1)?.get('stock')).toBe('low');
    expect(filterBox()).toBeChecked();
    // Running low spans every category, as the card does: the category waits meanwhile.
    expect(screen.getByLabelText('Category')).toBeDisabled();
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription(LOW_STOCK.allCategories);

    await userEvent.click(filterBox());
    expect(screen.getByLabelText('Category')).toBeEnabled();
    expect(await within(await table()).findByText(plenty.name)).toBeInTheDocument();
    expect(filterBox()).not.toBeChecked();
    expect(asked.at(-1)?.has('stock')).toBe(false);
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/^\/dashboard$/);
  });

  it('keeps the filter from the address on a reload, and reads anything else as every product', async () => {
    const asked = stubDashboard();
    const { unmount } = showAt(paths.dashboard.lowStockProducts);
    expect(await within(await table()).findByText(low.name)).toBeInTheDocument();
    expect(filterBox()).toBeChecked();
    expect(asked.at(-1)?.get('stock')).toBe('low');
    unmount();

    showAt('/dashboard?stock=%3Cscript%3E');
    expect(await within(await table()).findByText(plenty.name)).toBeInTheDocument();
    expect(filterBox()).not.toBeChecked();
    await waitFor(() => expect(asked.at(-1)?.has('stock')).toBe(false));
  });
});
