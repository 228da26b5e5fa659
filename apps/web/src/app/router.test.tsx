import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SHOP_STATE, isAppPage, PRODUCT_PAGE, toShopParams } from '@otaku/shared';
import { matchRoutes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProduct, stubCatalogApi } from '../test/catalog-factories';
import { storeSession } from '../test/factories';
import { renderWithProviders } from '../test/render';
import { AppRoutes, routes } from './router';

function PathProbe() {
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="path">{pathname}</output>
      <output data-testid="search">{search}</output>
    </>
  );
}

const renderApp = (route: string) =>
  renderWithProviders(
    <>
      <AppRoutes />
      <PathProbe />
    </>,
    { route },
  );

/** Makes the dashboard's narrow-screen media query match, as on a phone. */
function stubNarrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('redirects /shop/:<id> to /shop/<id>', async () => {
    stubCatalogApi({ products: [createProduct({ productID: 'COM-8F3K2Q', name: 'Blade Zero' })] });
    renderApp('/shop/:COM-8F3K2Q');
    expect(await screen.findByRole('heading', { name: 'Blade Zero' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/shop\/COM-8F3K2Q$/);
  });

  it("takes Back to Shop to the shopper's last filters, after a reload too", async () => {
    const figure = createProduct({ productID: 'TOY-8F3K2Q', name: 'Mecha Zero', category: 'toys' });
    stubCatalogApi({ products: [figure] });
    const filtered = `/shop?${toShopParams({
      ...DEFAULT_SHOP_STATE,
      category: 'toys',
      price: 40,
      sortBy: 'price-high',
    })}`;
    const first = renderApp(filtered);
    await userEvent.click(await screen.findByRole('link', { name: /Mecha Zero/ }));
    const back = await screen.findByRole('link', { name: PRODUCT_PAGE.backToShop });
    expect(back).toHaveAttribute('href', filtered);

    // The product page opened anew (a reload) still knows them.
    first.unmount();
    renderApp('/shop/TOY-8F3K2Q');
    await userEvent.click(await screen.findByRole('link', { name: PRODUCT_PAGE.backToShop }));
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(/^\/shop$/));
    expect(await screen.findByRole('link', { name: /Mecha Zero/ })).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent(filtered.slice('/shop'.length));
  });

  it('shows a friendly page for unknown addresses', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: /wandered off/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found – Otaku Shelf');
  });

  it.each(['/login', '/signup'])('sends a signed-in visitor from %s home', async (page) => {
    stubCatalogApi({ products: [] });
    storeSession('user');
    renderApp(page);
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/));
  });

  it('leaves the recruiter and password-reset pages open to a signed-in visitor', async () => {
    storeSession('user');
    renderApp('/recruiter');
    expect(await screen.findByRole('heading', { name: 'Recruiter account' })).toBeInTheDocument();
    expect(document.title).toBe('Recruiter account – Otaku Shelf');
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(document.title).toBe('Reset your password – Otaku Shelf');
  });

  it('shows staff the dashboard shell with its sidebar', async () => {
    storeSession('superAdmin');
    renderApp('/dashboard/orders');
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(document.title).toBe('Dashboard – Orders – Otaku Shelf');
    const sidebar = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Products', 'Orders', 'Users', 'Coupons']);
    expect(within(sidebar).getByRole('link', { name: 'Orders' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("shows staff an unknown dashboard address as the dashboard's own not-found page", async () => {
    storeSession('admin');
    renderApp('/dashboard/nothing-here');
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { name: 'No such dashboard page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Back to products' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('on narrow screens opens the sidebar as a drawer that closes after a link click', async () => {
    stubNarrowScreen();
    storeSession('admin');
    renderApp('/dashboard');
    const open = await screen.findByRole('button', { name: 'Open dashboard menu' });
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();

    await userEvent.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Admin Dashboard' });
    await userEvent.click(within(drawer).getByRole('link', { name: 'Coupons' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/coupons');
    expect(await screen.findByRole('heading', { name: 'Coupons' })).toBeInTheDocument();
  });

  it('closes the drawer with its close button', async () => {
    stubNarrowScreen();
    storeSession('admin');
    renderApp('/dashboard/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Open dashboard menu' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close dashboard menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

/** Whether the router shows a screen at this address rather than its not-found one. */
function routed(address: string): boolean {
  const leaf = matchRoutes(routes, address)?.at(-1)?.route;
  return leaf !== undefined && leaf.path !== '*';
}

describe('the pages the server knows the app by (isAppPage)', () => {
  it('are the pages the router shows, so the server sends 404 exactly where the app says so', () => {
    const addresses = [
      '/',
      '/shop',
      '/shop/',
      '/SHOP',
      '/shop/COM-8F3K2Q',
      '/shop/COM-8F3K2Q/',
      '/shop/:COM-8F3K2Q',
      '/shop/a/b',
      '/login',
      '/signup',
      '/recruiter',
      '/auth/google',
      '/auth/google/success',
      '/auth/google/x',
      '/success',
      '/cart',
      '/cart/x',
      '/history',
      '/history/ORD-7K2M9Q4A',
      '/history/ORD-7K2M9Q4A/',
      '/history/a/b',
      '/dashboard',
      '/forgot-password',
      '/forgot-password/x',
      '/nothing',
    ];
    for (const address of addresses) expect(isAppPage(address), address).toBe(routed(address));
  });
});
