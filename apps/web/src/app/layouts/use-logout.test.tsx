import { AUTH, STORAGE_KEYS } from '@otaku/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fail,
  fakeApi,
  networkDown,
  ok,
  renderScreen,
} from '../../features/auth/testing/auth-test-kit';
import { createUser, storeSession } from '../../test/factories';
import { Navbar } from './navbar';

const renderNavbar = () => renderScreen(<Navbar />, '/shop');

describe('logout', () => {
  it('calls the logout API, wipes local storage and shows /login', async () => {
    const api = fakeApi({ 'POST /api/auth/logout': ok({ message: 'Logged out successfully.' }) });
    storeSession('user');
    window.localStorage.setItem(STORAGE_KEYS.deliveryAddress, '1 Main St');
    renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: /logout/i }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(api.called('POST /api/auth/logout')).toHaveLength(1);
    expect(window.localStorage.length).toBe(0);
  });

  it('sends a Google-signed-in user through the Google logout redirect, as a POST', async () => {
    const api = fakeApi({});
    const posted: Array<{ method: string; action: string }> = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      posted.push({ method: this.method, action: new URL(this.action).pathname });
    });
    storeSession(createUser({ googleId: 'g-1' }));
    renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: /logout/i }));
    expect(posted).toEqual([{ method: 'post', action: '/api/googleAuth/logout' }]);
    expect(window.localStorage.length).toBe(0);
    // No logout call: only the bar's read of the cart, whose count it shows.
    expect(api.calls.map((call) => call.key)).toEqual(['POST /api/cart']);
  });

  it.each([
    ['the server refuses', fail(500, 'boom')],
    ['the server cannot be reached', networkDown],
  ])('keeps the session and says "Failed to logout" when %s', async (_name, handler) => {
    fakeApi({ 'POST /api/auth/logout': handler });
    storeSession('user');
    renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: /logout/i }));
    expect(await screen.findByText(AUTH.logoutFailed)).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.userInfo)).not.toBeNull();
  });
});
