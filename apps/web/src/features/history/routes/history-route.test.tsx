import { ACCOUNT, PAGE_PAST_END, PAGES, VALIDATION, type Order } from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../../../app/guards/require-auth';
import { SessionExpiryHandler } from '../../../app/session-expiry';
import { Toaster } from '../../../components/ui';
import { getSession } from '../../../lib/session';
import { loadToastLibrary, toast } from '../../../lib/toast';
import { jsonResponse, orderFixture, stubApi } from '../../../test/checkout-fixtures';
import { storeSession, toastsTitled } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { HistoryRoute } from './history-route';

const order = (n: number, overrides: Partial<Order> = {}): Order =>
  orderFixture({
    _id: `order-${n}`,
    orderID: `ORD-0000000${n}`,
    products: [
      {
        lineId: '00000000-0000-4000-8000-000000000003',
        productId: { _id: 'TOY-1', name: `Figure ${n}`, image: '/x.webp' },
        variant: '',
        quantity: 1,
        price: 10,
      },
    ],
    ...overrides,
  });

const page = (orders: Order[], currPage: number, totalPages: number, totalOrders: number) =>
  jsonResponse({
    success: true,
    message: 'Orders fetched',
    paginatedOrders: orders,
    currPage,
    totalPages,
    totalOrders,
  });

/** Three pages of one order each, ORD-PAGE000<n>; a page past them answers none. */
const threePages = (call: { search: string }) => {
  const asked = Number(new URLSearchParams(call.search).get('currPage'));
  const orders = asked <= 3 ? [order(asked, { orderID: `ORD-PAGE000${asked}` })] : [];
  return page(orders, asked, 3, 3);
};

const pagesAsked = (api: ReturnType<typeof stubApi>) =>
  api
    .of('GET /api/order/getOrders')
    .map((call) => new URLSearchParams(call.search).get('currPage'));

function AddressProbe() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{pathname + search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

/** The page at `route`, with its address shown and a stand-in for the browser's Back. */
const renderHistory = (route: string) =>
  renderWithProviders(
    <>
      <HistoryRoute />
      <AddressProbe />
    </>,
    { route },
  );

describe('Purchase history', { timeout: 20_000 }, () => {
  // jsdom does not scroll; a new page asks the window to.
  beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));

  it('shows pages of orders with US long dates, coloured statuses and Page X of Y', async () => {
    const user = storeSession('user');
    const api = stubApi({
      'GET /api/order/getOrders': (call) =>
        new URLSearchParams(call.search).get('currPage') === '2'
          ? page([order(3, { status: 'delivered', orderID: 'ORD-SECOND01' })], 2, 2, 3)
          : page([order(1), order(2, { status: 'shipped' })], 1, 2, 3),
    });
    renderWithProviders(<HistoryRoute />);

    expect(await screen.findByText('ORD-00000001')).toBeInTheDocument();
    expect(screen.getAllByText('March 7, 2025')).toHaveLength(2);
    expect(screen.getByText('Pending').className).toMatch(/sun/);
    expect(screen.getByText('Shipped').className).toMatch(/emerald/);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('ORD-SECOND01')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    const query = new URLSearchParams(api.of('GET /api/order/getOrders')[1]!.search);
    expect(query.get('currPage')).toBe('2');
    expect(query.get('userId')).toBe(user._id);
  });

  it('keeps the page in the URL and starts each new page at its top', async () => {
    storeSession('user');
    const api = stubApi({ 'GET /api/order/getOrders': threePages });
    renderHistory('/history?page=2');

    // A reload (or a link) opens the page the URL names.
    expect(await screen.findByText('ORD-PAGE0002')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    vi.mocked(window.scrollTo).mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('ORD-PAGE0003')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/history\?page=3$/);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);

    // Back is the page before, not the page before the history.
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('ORD-PAGE0002')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('ORD-PAGE0001')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/history$/);
    expect(pagesAsked(api).slice(0, 2)).toEqual(['2', '3']);
    expect(pagesAsked(api).at(-1)).toBe('1');
  });

  it('reads a page that is not a number as page 1', async () => {
    storeSession('user');
    const api = stubApi({ 'GET /api/order/getOrders': threePages });
    renderHistory('/history?page=two');
    expect(await screen.findByText('ORD-PAGE0001')).toBeInTheDocument();
    expect(pagesAsked(api)).toEqual(['1']);
  });

  it('past the last page says there is no such page and offers the last one', async () => {
    storeSession('user');
    const api = stubApi({ 'GET /api/order/getOrders': threePages });
    renderHistory('/history?page=9');

    expect(await screen.findByText(PAGE_PAST_END.title(9))).toBeInTheDocument();
    expect(screen.getByText(PAGE_PAST_END.hint(3))).toBeInTheDocument();
    expect(screen.queryByText(PAGES.noPurchaseHistory)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: PAGE_PAST_END.goToLast(3) }));
    expect(await screen.findByText('ORD-PAGE0003')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(pagesAsked(api)).toEqual(['9', '3']);
  });

  it("shows 'No Purchase History' when there are no orders", async () => {
    storeSession('user');
    stubApi({ 'GET /api/order/getOrders': () => page([], 1, 1, 0) });
    renderWithProviders(<HistoryRoute />);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: PAGES.noPurchaseHistory })).toBeInTheDocument(),
    );
  });

  it('on a 401 says why and lands on /login, which leads back to /history', async () => {
    storeSession('user', 'expired-token');
    const api = stubApi({
      'GET /api/order/getOrders': () => jsonResponse({ success: false, message: 'expired' }, 401),
      'POST /api/auth/refresh': () =>
        jsonResponse(
          { success: false, message: ACCOUNT.sessionExpired, code: 'UNAUTHENTICATED' },
          401,
        ),
    });
    renderInApp('/history');

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(screen.getByTestId('from')).toHaveTextContent('{"from":{"pathname":"/history"');
    expect(await screen.findByText(VALIDATION.historyLoginRequired)).toBeInTheDocument();
    expect(await toastsTitled(VALIDATION.historyLoginRequired)).toHaveLength(1);
    expect(getSession().user).toBeNull();
    expect(api.of('POST /api/auth/refresh')).toHaveLength(1);
  });
});

function LoginProbe() {
  const { state } = useLocation();
  return (
    <>
      <h1>Login screen</h1>
      <p data-testid="from">{JSON.stringify(state)}</p>
    </>
  );
}

/** The page behind its guard, with the app's handler of expired sessions and toast outlet. */
function renderInApp(route: string) {
  // Toasts live in a module-wide store that replays active ones to a new outlet: start clean.
  void loadToastLibrary();
  toast.dismiss();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route element={<RequireAuth />}>
            <Route path="/history" element={<HistoryRoute />} />
          </Route>
        </Routes>
        <SessionExpiryHandler />
      </MemoryRouter>
      <Toaster variant="shop" />
    </QueryClientProvider>,
  );
}
