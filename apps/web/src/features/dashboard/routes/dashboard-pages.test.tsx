import {
  DASHBOARD,
  DASHBOARD_RULES,
  ORDER_SHORT,
  STORAGE_KEYS,
  type DashboardCoupon,
  type DashboardOrder,
  type Product,
  type PublicUser,
} from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { notFromTheServer, stubApi, type ApiHandler } from '../../../test/api-stub';
import { createProduct } from '../../../test/catalog-factories';
import { dashboardOrderFixture } from '../../../test/checkout-fixtures';
import { jsonResponse } from '../../../test/factories';
import { CouponsPage } from './coupons-page';
import { OrdersPage } from './orders-page';
import { ProductsPage } from './products-page';
import { UsersPage } from './users-page';

// Lazy pages and many keystrokes can be slow on a busy two-core machine.
configure({ asyncUtilTimeout: 5_000 });

/** The pages' lists as the server answers them: these rows on one of `totalPages` pages. */
const lists = {
  products: (rows: Product[], page = 1, totalPages = 1) => ({
    success: true,
    currPageProducts: rows,
    totalPages,
    totalProducts: rows.length,
    page,
    pageSize: 20,
    scope: 'category',
    message: 'Products fetched successfully',
  }),
  orders: (rows: DashboardOrder[], totalPages = 1) => ({
    success: true,
    currPageOrders: rows,
    totalPages,
    totalOrders: rows.length,
    message: 'Orders fetched.',
  }),
  users: (rows: PublicUser[], totalPages = 1) => ({
    success: true,
    requiredUsers: rows,
    totalPages,
    totalUsers: rows.length,
  }),
  coupons: (rows: DashboardCoupon[], totalPages = 1) => ({
    success: true,
    allCoupons: rows,
    totalPages,
    totalCoupons: rows.length,
  }),
};

/** Every call of the four pages, answered as a shop without products, orders, users or coupons does. */
function stubDashboardApi(handlers: Record<string, ApiHandler> = {}) {
  const orderStats = { pending: 0, processing: 0, shipped: 0, delivered: 0 };
  const couponStats = { activeCoupons: 0, totalUsage: 0, totalDiscount: 0 };
  return stubApi({
    'GET /api/product/dashboardProducts': () => jsonResponse(lists.products([])),
    'GET /api/order/allOrdersList': () => jsonResponse(lists.orders([])),
    'GET /api/order/orderStats': () =>
      jsonResponse({ success: true, stats: orderStats, message: 'Stats fetched.' }),
    'GET /api/order/revenue': () => jsonResponse({ success: true, days: [] }),
    'GET /api/product/lowStock': () => jsonResponse({ success: true, threshold: 5, items: [] }),
    'GET /api/order/mailProblems': () => jsonResponse({ success: true, failed: 0 }),
    'GET /api/order/refunds/failed': () => jsonResponse({ success: true, total: 0, refunds: [] }),
    'GET /api/user/getUsers': () => jsonResponse(lists.users([])),
    'GET /api/coupon/allCoupons': () => jsonResponse(lists.coupons([])),
    'GET /api/coupon/stats': () => jsonResponse({ success: true, stats: couponStats }),
    ...handlers,
  });
}

/** A 500 with no body of the shop's own, as a proxy in front of it may answer. */
const bareFailure: ApiHandler = () =>
  notFromTheServer(jsonResponse({}, 500), 'a proxy in front of the shop, with its own body');

const show = (node: ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

const signInAsBoss = () =>
  localStorage.setItem(
    STORAGE_KEYS.userInfo,
    JSON.stringify({ _id: 'a', username: 'boss', email: 'b@x.y', role: 'superAdmin' }),
  );

describe('dashboard failure texts (spec §8)', { timeout: 20_000 }, () => {
  it('Orders: the fallback texts when the server sends no message', async () => {
    stubDashboardApi({
      'GET /api/order/allOrdersList': bareFailure,
      'GET /api/order/orderStats': bareFailure,
    });
    show(<OrdersPage />);
    expect(await screen.findByText(DASHBOARD.fetchOrdersFailed)).toBeInTheDocument();
    expect(await screen.findByText(DASHBOARD.fetchStatsFailed)).toBeInTheDocument();
  });

  it("Coupons: the server's message first, and stats reset to zeros", async () => {
    const unavailable = () =>
      jsonResponse({ success: false, message: 'The shop database is unavailable.' }, 503);
    stubDashboardApi({
      'GET /api/coupon/allCoupons': unavailable,
      'GET /api/coupon/stats': unavailable,
    });
    show(<CouponsPage />);
    expect(await screen.findByText('The shop database is unavailable.')).toBeInTheDocument();
    expect(screen.getByTestId('stat-Active Coupons')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-Total Discount')).toHaveTextContent('$0.00');
  });

  it('Users: the fallback text, and the empty text on an empty page', async () => {
    signInAsBoss();
    stubDashboardApi({ 'GET /api/user/getUsers': bareFailure });
    const { unmount } = show(<UsersPage />);
    expect(await screen.findByText(DASHBOARD.fetchUsersFailed)).toBeInTheDocument();
    unmount();
    stubDashboardApi();
    show(<UsersPage />);
    expect(await screen.findByText(DASHBOARD.noUsers)).toBeInTheDocument();
  });
});

describe('Products filter', () => {
  it('while a search is typed, says it spans every category and sets category and types aside', async () => {
    stubDashboardApi();
    show(<ProductsPage />);
    const search = screen.getByLabelText('Search');
    const category = screen.getByLabelText('Category');
    const all = screen.getByRole('checkbox', { name: 'All' });
    expect(category).toBeEnabled();
    expect(all).toBeEnabled();

    fireEvent.change(search, { target: { value: 'naruto' } });
    expect(screen.getByText(DASHBOARD_RULES.searchAllCategories)).toBeInTheDocument();
    expect(category).toBeDisabled();
    expect(all).toBeDisabled();

    fireEvent.change(search, { target: { value: '  ' } });
    expect(screen.queryByText(DASHBOARD_RULES.searchAllCategories)).not.toBeInTheDocument();
    expect(category).toBeEnabled();
    expect(all).toBeEnabled();
  });
});

/**
 * The page's list is two pages long: page 2 holds `last`, and a page past it answers, as the
 * server does, an empty page with the true page count. Gives the pages asked for.
 */
function twoPages(
  endpoint: string,
  answerFor: (rows: unknown[], page: number) => object,
  last: unknown,
  lastPageHeld: Promise<void> = Promise.resolve(),
) {
  const asked: number[] = [];
  stubDashboardApi({
    [endpoint]: async ({ search }) => {
      const query = new URLSearchParams(search);
      const constraints = query.get('productConstraints');
      const page = constraints
        ? (JSON.parse(constraints) as { page: number }).page
        : Number(query.get('currPage'));
      asked.push(page);
      if (page === 2) await lastPageHeld;
      return jsonResponse(answerFor(page === 2 ? [last] : [], page));
    },
  });
  return asked;
}

type Stored = Record<string, { page: number }>;
const storedPage = (name: string) =>
  (JSON.parse(localStorage.getItem(STORAGE_KEYS.dashboardState)!) as Stored)[name]!.page;

function storePage(name: string, page: number) {
  localStorage.setItem(STORAGE_KEYS.dashboardState, JSON.stringify({ [name]: { page } }));
}

describe('a stored page past the last one (after deletions)', { timeout: 20_000 }, () => {
  const shows = async (text: string, name: string, asked: number[]) => {
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
    expect(asked).toEqual([5, 2]);
    await waitFor(() => expect(storedPage(name)).toBe(2));
  };

  it('Orders: shows the last page and stores it', async () => {
    storePage('orders', 5);
    const order = dashboardOrderFixture({ _id: 'o9', orderID: 'ORD-LAST0001', products: [] });
    let release = () => {};
    const asked = twoPages(
      'GET /api/order/allOrdersList',
      (rows) => ({ ...lists.orders(rows as DashboardOrder[], 2), totalOrders: 21 }),
      order,
      new Promise((resolve) => (release = resolve)),
    );
    show(<OrdersPage />);
    // While the last page loads, the table says so rather than that there are no orders.
    await waitFor(() => expect(asked).toEqual([5, 2]));
    expect(screen.getByText(DASHBOARD.loading)).toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD.noOrders)).not.toBeInTheDocument();
    release();
    await shows('ORD-LAST0001', 'orders', asked);
    expect(screen.queryByText(DASHBOARD.noOrders)).not.toBeInTheDocument();
  });

  it('Users: shows the last page and stores it', async () => {
    signInAsBoss();
    storePage('users', 5);
    const asked = twoPages(
      'GET /api/user/getUsers',
      (rows) => ({ ...lists.users(rows as PublicUser[], 2), totalUsers: 21 }),
      {
        _id: 'u9',
        id: 'u9',
        username: 'last-user',
        email: 'last@example.test',
        role: 'user',
        profilePic: null,
        googleId: null,
        createdAt: '2026-01-02T00:00:00.000Z',
      },
    );
    show(<UsersPage />);
    await shows('last-user', 'users', asked);
    expect(screen.queryByText(DASHBOARD.noUsers)).not.toBeInTheDocument();
  });

  it('Coupons: shows the last page and stores it', async () => {
    storePage('coupons', 5);
    const asked = twoPages(
      'GET /api/coupon/allCoupons',
      (rows) => ({ ...lists.coupons(rows as DashboardCoupon[], 2), totalCoupons: 21 }),
      {
        _id: 'c9',
        couponCode: 'LASTONE',
        discountPercentage: 10,
        expiryDate: '2030-01-01T00:00:00.000Z',
        status: 'Active',
        usageCount: 0,
        createdAt: '2026-01-02T00:00:00.000Z',
      },
    );
    show(<CouponsPage />);
    await shows('LASTONE', 'coupons', asked);
    expect(screen.queryByText(DASHBOARD.noCoupons)).not.toBeInTheDocument();
  });

  it('Products: shows the last page and stores it', async () => {
    storePage('products', 5);
    const asked = twoPages(
      'GET /api/product/dashboardProducts',
      (rows, page) => ({ ...lists.products(rows as Product[], page, 2), totalProducts: 21 }),
      createProduct({ name: 'Last Product Standing' }),
    );
    show(<ProductsPage />);
    await shows('Last Product Standing', 'products', asked);
    expect(screen.queryByText(DASHBOARD.noProducts)).not.toBeInTheDocument();
  });
});

describe('Orders: low stock', { timeout: 20_000 }, () => {
  it('is a labelled scroll region the keyboard can reach', async () => {
    const items = Array.from({ length: 12 }, (_, i) => ({
      productID: `TOY-LOW${String(i).padStart(3, '0')}`,
      name: `Figure ${i}`,
      category: 'toys',
      variant: '',
      stock: i % 5,
    }));
    stubDashboardApi({
      'GET /api/product/lowStock': () => jsonResponse({ success: true, items, threshold: 5 }),
    });
    show(<OrdersPage />);
    const region = await screen.findByRole('region', { name: 'Low stock (5 or fewer)' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(12);
    expect(region).toHaveAttribute('tabindex', '0');
    region.focus();
    expect(region).toHaveFocus();
  });
});

describe('Orders: units short of stock (decision 138)', { timeout: 20_000 }, () => {
  const short = dashboardOrderFixture({
    _id: 'o-short',
    orderID: 'ORD-SHORT001',
    shortUnits: [
      { productId: 'TOY-1', name: 'Sky Pirate Figure', variant: '', quantity: 2 },
      { productId: 'CLO-1', name: 'Festival Scarf', variant: 'M', quantity: 1 },
    ],
  });
  const whole = dashboardOrderFixture({ _id: 'o-whole', orderID: 'ORD-WHOLE001' });

  /** The list as the server answers it, with or without the filter. Gives the queries asked. */
  function orderServer(shortRows = [short]) {
    const asked: URLSearchParams[] = [];
    stubDashboardApi({
      'GET /api/order/allOrdersList': ({ search }) => {
        const query = new URLSearchParams(search);
        asked.push(query);
        return jsonResponse(
          lists.orders(query.get('shortUnits') === 'only' ? shortRows : [short, whole]),
        );
      },
    });
    return asked;
  }

  it('marks in words the order whose units could not be taken, and only it', async () => {
    orderServer();
    show(<OrdersPage />);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = (await within(table).findByText('ORD-SHORT001')).closest('tr')!;
    expect(row).toHaveTextContent(
      `${ORDER_SHORT.mark}: 2 × Sky Pirate Figure, 1 × Festival Scarf (M)`,
    );
    const other = within(table).getByText('ORD-WHOLE001').closest('tr')!;
    expect(other).not.toHaveTextContent(ORDER_SHORT.mark);
  });

  it('filters the list to such orders from page 1, and keeps the choice', async () => {
    storePage('orders', 3);
    const asked = orderServer();
    const { unmount } = show(<OrdersPage />);
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText('ORD-WHOLE001');
    expect(asked.at(-1)!.get('shortUnits')).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: ORDER_SHORT.filter }));
    await waitFor(() => expect(within(table).queryByText('ORD-WHOLE001')).not.toBeInTheDocument());
    expect(within(table).getByText('ORD-SHORT001')).toBeInTheDocument();
    expect(asked.at(-1)!.get('shortUnits')).toBe('only');
    expect(asked.at(-1)!.get('currPage')).toBe('1');
    unmount();

    // A reload keeps the filter.
    show(<OrdersPage />);
    expect(await screen.findByRole('checkbox', { name: ORDER_SHORT.filter })).toBeChecked();
    await waitFor(() => expect(asked.at(-1)!.get('shortUnits')).toBe('only'));

    await userEvent.click(screen.getByRole('checkbox', { name: ORDER_SHORT.filter }));
    expect(await screen.findByText('ORD-WHOLE001')).toBeInTheDocument();
    expect(asked.at(-1)!.get('shortUnits')).toBeNull();
  });

  it('says when no order is short of stock', async () => {
    storePage('orders', 1);
    orderServer([]);
    show(<OrdersPage />);
    await userEvent.click(await screen.findByRole('checkbox', { name: ORDER_SHORT.filter }));
    expect(await screen.findByText(ORDER_SHORT.none)).toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD.noOrders)).not.toBeInTheDocument();
  });
});

describe('after a delete', { timeout: 30_000 }, () => {
  const coupon = (code: string): DashboardCoupon => ({
    _id: code.toLowerCase(),
    couponCode: code,
    discountPercentage: 10,
    expiryDate: '2099-01-01T00:00:00.000Z',
    status: 'Active',
    usageCount: 0,
    createdAt: '2026-01-02T00:00:00.000Z',
  });

  /** The coupon calls as the server answers them, a delete taking the coupon off the list. */
  function couponServer(codes: string[]) {
    let rows = codes.map(coupon);
    stubDashboardApi({
      'DELETE /api/coupon/delete/:id': ({ path }) => {
        rows = rows.filter((row) => !path.endsWith(`/${row._id}`));
        return jsonResponse({ success: true, message: DASHBOARD.couponDeleted });
      },
      'GET /api/coupon/allCoupons': () => jsonResponse(lists.coupons(rows)),
      'GET /api/coupon/stats': () =>
        jsonResponse({
          success: true,
          stats: { activeCoupons: rows.length, totalUsage: 0, totalDiscount: 0 },
        }),
    });
  }

  async function deleteCoupon(code: string) {
    await userEvent.click(await screen.findByRole('button', { name: `Delete coupon ${code}` }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'CONFIRM');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }

  it("Coupons: the focus moves to the next row's Delete, the row before's, then the heading", async () => {
    couponServer(['ALPHA', 'BRAVO', 'CHARLIE']);
    show(<CouponsPage />);
    const table = await screen.findByRole('table', { name: 'Coupons' });
    await deleteCoupon('BRAVO');
    await waitFor(() =>
      expect(within(table).getByRole('button', { name: 'Delete coupon CHARLIE' })).toHaveFocus(),
    );
    await deleteCoupon('CHARLIE');
    await waitFor(() =>
      expect(within(table).getByRole('button', { name: 'Delete coupon ALPHA' })).toHaveFocus(),
    );
    await deleteCoupon('ALPHA');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Coupons' })).toHaveFocus());
    expect(within(table).getByText(DASHBOARD.noCoupons)).toBeInTheDocument();
  });

  it('every list is named by its page heading, where the focus goes once it is empty', async () => {
    signInAsBoss();
    stubDashboardApi();
    for (const [Page, name] of [
      [ProductsPage, 'Products'],
      [OrdersPage, 'Orders'],
      [UsersPage, 'Users'],
      [CouponsPage, 'Coupons'],
    ] as const) {
      const { unmount } = show(<Page />);
      expect(screen.getByRole('table', { name })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name, level: 1 })).toHaveAttribute('tabindex', '-1');
      unmount();
    }
  });
});
