import { ACCOUNT, AUTH, STORAGE_KEYS, VALIDATION } from '@otaku/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFromTheServer } from '../../../test/api-stub';
import { jsonResponse } from '../../../test/factories';
import {
  fail,
  fakeApi,
  networkDown,
  ok,
  renderScreen,
  sessionBody,
} from '../testing/auth-test-kit';
import { LoginRoute } from './login-route';

const renderLogin = (route = '/login') => renderScreen(<LoginRoute />, '/login', route);

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

// Typing whole forms is slow on a busy machine; the default 5 s is too tight.
describe('LoginRoute', { timeout: 20_000 }, () => {
  it('says which fields are missing, in the words of the spec', async () => {
    const api = fakeApi({});
    renderLogin();
    await submit('', '');
    expect(await screen.findByText(VALIDATION.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.passwordRequired)).toBeInTheDocument();
    expect(api.called('POST /api/auth/login')).toHaveLength(0);
  });

  it('signs in, stores the session and goes home', async () => {
    const api = fakeApi({ 'POST /api/auth/login': ok(sessionBody()) });
    renderLogin();
    await submit('Mika@Example.test', 'secret-password');
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(api.called('POST /api/auth/login')[0]!.body).toEqual({
      email: 'mika@example.test',
      password: 'secret-password',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('fresh-token');
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberedEmail)).toBe('mika@example.test');
    expect(await screen.findByText(ACCOUNT.loggedIn)).toBeInTheDocument();
  });

  it('returns to the guarded page the visitor came from', async () => {
    fakeApi({ 'POST /api/auth/login': ok(sessionBody()) });
    renderScreen(<LoginRoute />, '/login', {
      pathname: '/login',
      state: { from: { pathname: '/cart', search: '' } },
    });
    await submit('mika@example.test', 'secret-password');
    expect(await screen.findByRole('heading', { name: 'Cart screen' })).toBeInTheDocument();
  });

  it("shows the server's message when the login is refused", async () => {
    fakeApi({ 'POST /api/auth/login': fail(401, ACCOUNT.invalidCredentials) });
    renderLogin();
    await submit('mika@example.test', 'wrong-password');
    expect(await screen.findByText(ACCOUNT.invalidCredentials)).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('falls back to "Try again something went wrong!"', async () => {
    fakeApi({ 'POST /api/auth/login': networkDown });
    renderLogin();
    await submit('mika@example.test', 'secret-password');
    expect(await screen.findByText(AUTH.loginFailed)).toBeInTheDocument();
  });

  it('clears local storage when the returned user fails the validity check', async () => {
    window.localStorage.setItem(STORAGE_KEYS.cartId, 'guest-cart');
    fakeApi({
      'POST /api/auth/login': () =>
        notFromTheServer(
          jsonResponse({ success: true, token: 'tok', user: { _id: 'x' } }),
          'the spec checks the returned user, though the server never sends one like this',
        ),
    });
    renderLogin();
    await submit('mika@example.test', 'secret-password');
    await screen.findByRole('heading', { name: 'Home screen' });
    expect(window.localStorage.getItem(STORAGE_KEYS.cartId)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('tok');
  });

  it('fills in the remembered e-mail', () => {
    window.localStorage.setItem(STORAGE_KEYS.rememberedEmail, 'back@example.test');
    fakeApi({});
    renderLogin();
    expect(screen.getByLabelText('Email')).toHaveValue('back@example.test');
  });

  it('offers Google, and says so when Google sign-in is not configured', () => {
    fakeApi({});
    renderLogin('/login?reason=google-not-configured');
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/googleAuth/login',
    );
    expect(screen.getByText(ACCOUNT.googleNotConfigured)).toBeInTheDocument();
  });

  it('says up front, before any click, when the shop has no Google sign-in', async () => {
    fakeApi({ 'GET /api/googleAuth/config': ok({ enabled: false }) });
    renderLogin();
    expect(await screen.findByText(ACCOUNT.googleNotConfigured)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('offers Google without a note when the shop has it', async () => {
    const api = fakeApi({ 'GET /api/googleAuth/config': ok({ enabled: true }) });
    renderLogin();
    await waitFor(() => expect(api.called('GET /api/googleAuth/config')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Continue with Google' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(screen.queryByText(ACCOUNT.googleNotConfigured)).not.toBeInTheDocument();
  });

  it('links to forgot-password, sign-up and the recruiter page', () => {
    fakeApi({});
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Create Recruiter Account' })).toHaveAttribute(
      'href',
      '/recruiter',
    );
  });
});
