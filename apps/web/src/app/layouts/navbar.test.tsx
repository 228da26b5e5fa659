import { NAV, STORAGE_KEYS } from '@otaku/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import defaultAvatar from '../../assets/default-avatar.svg';
import { fakeApi, ok } from '../../features/auth/testing/auth-test-kit';
import { createUser, storeSession } from '../../test/factories';
import { CartRoute } from '../../features/cart/routes/cart-route';
import { cartItem, cartResponse, figureItem, stubApi } from '../../test/checkout-fixtures';
import { jsonResponse } from '../../test/factories';
import { renderWithProviders } from '../../test/render';
import { Navbar } from './navbar';
import { MORE_PAGES } from './nav-more-menu';

function renderNavbar() {
  return renderWithProviders(
    <>
      <Navbar />
      <Routes>
        <Route path="/" element={<p>Home screen</p>} />
        <Route path="/login" element={<p>Login screen</p>} />
      </Routes>
    </>,
  );
}

describe('Navbar', () => {
  it('links home, shop, cart and history with accessible names', () => {
    renderNavbar();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Purchase history' })).toHaveAttribute(
      'href',
      '/history',
    );
  });

  it("ends a drawn page's signed-in hint once it shows the session itself", () => {
    // Set by the SSR page's signed-in hint; while it is there the guest's bar shows the placeholder
    // instead of Login (a style of index.css, checked in the browser tests).
    document.documentElement.setAttribute('data-signed-in', '');
    renderNavbar();
    expect(document.documentElement).not.toHaveAttribute('data-signed-in');
  });

  it("draws a guest's bar with the signed-in bar's placeholder, hidden from assistive technology", () => {
    const { container } = renderNavbar();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(container.querySelector('[data-session-placeholder]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  });

  it('shows a guest the Login button and no dashboard link', () => {
    renderNavbar();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    // Their bar carries the link for a drawn page opened by staff, hidden unless index.css's
    // staff-hint applies (the browser tests check what shows).
    expect(screen.getByRole('link', { name: 'Dashboard' }).closest('li')).toHaveClass('hidden');
    expect(screen.queryByRole('button', { name: /logout/i })).not.toBeInTheDocument();
  });

  it('hides the dashboard link from a shopper', () => {
    storeSession('user');
    renderNavbar();
    expect(screen.getByRole('button', { name: /logout/i })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it.each(['admin', 'superAdmin'] as const)('shows the dashboard link to %s', (role) => {
    storeSession(role);
    renderNavbar();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('falls back to the default avatar when the profile picture fails to load', () => {
    storeSession(createUser({ username: 'mika', profilePic: 'https://example.test/broken.png' }));
    renderNavbar();
    const avatar = screen.getByRole('img', { name: "mika's profile picture" });
    expect(avatar).toHaveAttribute('src', 'https://example.test/broken.png');

    fireEvent.error(avatar);
    expect(avatar).toHaveAttribute('src', defaultAvatar);
  });

  it('uses the default avatar when the user has no picture', () => {
    storeSession(createUser({ username: 'rin', profilePic: null }));
    renderNavbar();
    expect(screen.getByRole('img', { name: "rin's profile picture" })).toHaveAttribute(
      'src',
      defaultAvatar,
    );
  });

  it('logs out: clears local storage and shows the login page', async () => {
    fakeApi({ 'POST /api/auth/logout': ok({ message: 'Logged out successfully.' }) });
    storeSession('admin');
    window.localStorage.setItem(STORAGE_KEYS.cartId, 'user_1');
    renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: /logout/i }));
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(window.localStorage.length).toBe(0);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('names and shows how many items the cart holds, after every change of it', async () => {
    storeSession('user');
    let lines = [cartItem({ itemQuantity: 2 }), figureItem({ itemQuantity: 1 })];
    const answer = () => jsonResponse(cartResponse(lines));
    stubApi({
      'POST /api/cart': answer,
      'DELETE /api/cart/remove': () => {
        lines = lines.slice(1);
        return answer();
      },
      'DELETE /api/cart/clear': () => {
        lines = [];
        return answer();
      },
    });
    renderWithProviders(
      <>
        <Navbar />
        <CartRoute />
      </>,
    );
    const cartLink = await screen.findByRole('link', { name: NAV.cartHolding(3) });
    expect(cartLink).toHaveAttribute('href', '/cart');
    expect(within(cartLink).getByTestId('nav-badge')).toHaveTextContent('3');

    await userEvent.click(
      await screen.findByRole('button', { name: /^Remove Blade Circuit Zero/ }),
    );
    expect(await screen.findByRole('link', { name: NAV.cartHolding(1) })).toBeInTheDocument();
    expect(screen.getByTestId('nav-badge')).toHaveTextContent('1');
  });

  it('shows a guest the cart link without a count', () => {
    renderNavbar();
    expect(screen.getByRole('link', { name: NAV.cart })).toBeInTheDocument();
    expect(screen.queryByTestId('nav-badge')).not.toBeInTheDocument();
  });

  describe("the phone's menu of the pages its row has no room for", () => {
    async function openMenu() {
      const more = screen.getByRole('button', { name: MORE_PAGES });
      // Hidden from md up, where the row shows every page (a style of index.css).
      expect(more.closest('li')).toHaveClass('md:hidden');
      expect(more).toHaveAttribute('aria-expanded', 'false');
      const list = document.getElementById(more.getAttribute('aria-controls')!)!;
      expect(list).not.toBeVisible();
      more.focus();
      await userEvent.keyboard('{Enter}');
      expect(more).toHaveAttribute('aria-expanded', 'true');
      expect(list).toBeVisible();
      const items = within(list).getAllByRole('link');
      // Each item a row of its icon and its name.
      for (const item of items) expect(item).toHaveClass('flex', 'items-center');
      return items.map((item) => [item.textContent, item.getAttribute('href')]);
    }

    it('closes on Escape with the focus back on its button, and on a click outside', async () => {
      storeSession('user');
      renderNavbar();
      await openMenu();
      const more = screen.getByRole('button', { name: MORE_PAGES });
      const list = document.getElementById(more.getAttribute('aria-controls')!)!;
      await userEvent.tab();
      expect(within(list).getByRole('link', { name: 'Releases' })).toHaveFocus();
      await userEvent.keyboard('{Escape}');
      expect(more).toHaveAttribute('aria-expanded', 'false');
      expect(more).toHaveFocus();
      await userEvent.click(more);
      expect(more).toHaveAttribute('aria-expanded', 'true');
      await userEvent.click(document.body);
      expect(more).toHaveAttribute('aria-expanded', 'false');
    });

    it('holds Releases and the wishlist for staff, whose row shows them from md up and the dashboard at every width', async () => {
      storeSession('admin');
      renderNavbar();
      expect(await openMenu()).toEqual([
        ['Releases', '/releases'],
        ['Wishlist', '/wishlist'],
      ]);
      for (const name of ['Releases', 'Wishlist']) {
        const inRow = screen
          .getAllByRole('link', { name, hidden: true })
          .find((link) => link.closest('nav'));
        expect(inRow!.closest('li')).toHaveClass('hidden', 'md:block');
      }
      // The spec's dashboard icon stands in the row; the brand makes room for it below sm.
      expect(screen.getByRole('link', { name: 'Dashboard' }).closest('li')).not.toHaveClass(
        'hidden',
      );
      expect(screen.getByRole('link', { name: /home$/ })).toHaveClass('hidden', 'sm:flex');
    });

    it('holds no dashboard for a shopper, and only Releases for a guest', async () => {
      storeSession('user');
      const { unmount } = renderNavbar();
      expect(await openMenu()).toEqual([
        ['Releases', '/releases'],
        ['Wishlist', '/wishlist'],
      ]);
      unmount();
      window.localStorage.clear();
      renderNavbar();
      expect(await openMenu()).toEqual([['Releases', '/releases']]);
    });
  });
});
