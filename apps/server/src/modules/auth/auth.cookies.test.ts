/**
 * The refresh cookie's flags on every call that sets or clears it: httpOnly, SameSite=Strict,
 * path /api, and Secure exactly when the shop is served over https (PUBLIC_URL, or a TLS proxy
 * named in TRUST_PROXY saying so), never on plain-http localhost.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/helpers';
import { createUser } from '../../../test/users';
import { REFRESH_COOKIE, REFRESH_COOKIE_MAX_AGE } from './cookies';

const plain = useTestApp();
const https = useTestApp({ PUBLIC_URL: 'https://shop.example.com' });
const proxied = useTestApp({ NODE_ENV: 'production', DEMO_MODE: 'on', TRUST_PROXY: '10.0.0.0/8' });

let ip = 0;

/** The refresh cookie set by login, refresh and logout, in that order. */
async function cookiesOfASession(t: TestApp, headers: Record<string, string> = {}) {
  const user = await createUser(t.database);
  const remoteAddress = `10.8.0.${++ip}`;
  const send = (app: FastifyInstance, method: 'POST', url: string, token?: string) =>
    app.inject({
      method,
      url,
      headers,
      remoteAddress,
      ...(method === 'POST' && !token
        ? { payload: { email: user.email, password: user.password } }
        : {}),
      ...(token ? { cookies: { [REFRESH_COOKIE]: token } } : {}),
    });
  const login = await send(t.app, 'POST', '/api/auth/login');
  const first = refreshCookie(login);
  const refresh = await send(t.app, 'POST', '/api/auth/refresh', first.value);
  const second = refreshCookie(refresh);
  const logout = await send(t.app, 'POST', '/api/auth/logout', second.value);
  return { login: first, refresh: second, logout: refreshCookie(logout) };
}

function refreshCookie(res: { statusCode: number; cookies: Array<Record<string, unknown>> }) {
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
  expect(cookie).toBeDefined();
  return cookie as { value: string } & Record<string, unknown>;
}

const FLAGS = { httpOnly: true, sameSite: 'Strict', path: '/api' };

describe('the refresh cookie over plain http (localhost)', () => {
  it('is httpOnly, SameSite=Strict, limited to /api and not Secure', async () => {
    const { login, refresh, logout } = await cookiesOfASession(plain);
    for (const cookie of [login, refresh]) {
      expect(cookie).toMatchObject({ ...FLAGS, maxAge: REFRESH_COOKIE_MAX_AGE });
      expect(cookie.secure).toBeUndefined();
    }
    expect(logout).toMatchObject({ ...FLAGS, value: '' });
    expect(logout.secure).toBeUndefined();
  });

  it('ignores a forwarded https when TRUST_PROXY names no proxy', async () => {
    const { login } = await cookiesOfASession(plain, { 'x-forwarded-proto': 'https' });
    expect(login.secure).toBeUndefined();
  });
});

describe('the refresh cookie when PUBLIC_URL is https', () => {
  it('is also Secure, when set and when cleared', async () => {
    const { login, refresh, logout } = await cookiesOfASession(https);
    for (const cookie of [login, refresh, logout]) {
      expect(cookie).toMatchObject({ ...FLAGS, secure: true });
    }
  });
});

describe('the refresh cookie in production behind a TLS proxy', () => {
  it('is Secure when the proxy says the request came over https', async () => {
    const { login, refresh, logout } = await cookiesOfASession(proxied, {
      'x-forwarded-proto': 'https',
    });
    for (const cookie of [login, refresh, logout]) {
      expect(cookie).toMatchObject({ ...FLAGS, secure: true });
    }
  });

  it('is not Secure on a plain-http request', async () => {
    const { login } = await cookiesOfASession(proxied);
    expect(login).toMatchObject(FLAGS);
    expect(login.secure).toBeUndefined();
  });
});
