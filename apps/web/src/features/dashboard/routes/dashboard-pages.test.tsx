import { DASHBOARD, DASHBOARD_RULES, STORAGE_KEYS } from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CouponsPage } from './coupons-page';
import { OrdersPage } from './orders-page';
import { ProductsPage } from './products-page';
import { UsersPage } from './users-page';

// Lazy pages and many keystrokes can be slow on a busy two-core machine.
configure({ asyncUtilTimeout: 5_000 });

/** Every API call answers the given status and body. */
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

const show = (node: ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {node}
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('dashboard failure texts (spec §8)', { timeout: 20_000 }, () => {
  it('Orders: the fallback texts when the server sends no message', async () => {
    answer(500, {});
    show(<OrdersPage />);
    expect(await screen.findByText(DASHBOARD.fetchOrdersFailed)).toBeInTheDocument();
    expect(await screen.findByText(DASHBOARD.fetchStatsFailed)).toBeInTheDocument();
  });

  it("Coupons: the server's message first, and stats reset to zeros", async () => {
    answer(503, { success: false, message: 'The shop database is unavailable.' });
    show(<CouponsPage />);
    expect(await screen.findByText('The shop database is unavailable.')).toBeInTheDocument();
    expect(screen.getByTestId('stat-Active Coupons')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-Total Discount')).toHaveTextContent('$0.00');
  });

  it('Users: the fallback text, and the empty text on an empty page', async () => {
    localStorage.setItem(
      STORAGE_KEYS.userInfo,
      JSON.stringify({ _id: 'a', username: 'boss', email: 'b@x.y', role: 'superAdmin' }),
    );
    answer(500, {});
    const { unmount } = show(<UsersPage />);
    expect(await screen.findByText(DASHBOARD.fetchUsersFailed)).toBeInTheDocument();
    unmount();
    answer(200, { success: true, requiredUsers: [], totalPages: 1, totalUsers: 0 });
    show(<UsersPage />);
    expect(await screen.findByText(DASHBOARD.noUsers)).toBeInTheDocument();
  });
});

describe('Products filter', () => {
  it('while a search is typed, says it spans every category and sets category and types aside', async () => {
    answer(200, { success: true, currPageProducts: [], totalPages: 1, totalProducts: 0 });
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
