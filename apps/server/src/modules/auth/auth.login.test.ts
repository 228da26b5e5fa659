import { ACCOUNT, SERVER, VALIDATION } from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { bearer, createUser, logIn, refreshCookieOf } from '../../../test/users';
import { LIMITS } from './auth-limits';

const t = useTestApp();
let ip = 0;
const nextIp = () => `10.2.0.${++ip}`;

const login = (payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

describe('POST /api/auth/login', () => {
  it('signs in with e-mail and password, any letter case', async () => {
    const user = await createUser(t.database, { email: 'case@example.com' });
    const res = await login({ email: 'CASE@example.com', password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: ACCOUNT.loggedIn,
      user: { id: user.id, _id: user.id, email: 'case@example.com', role: 'user', googleId: null },
      token: expect.any(String),
    });
    expect(res.body).not.toMatch(/hash/i);
    expect(refreshCookieOf(res)).toBeTruthy();
  });

  it('compares a password as typed, control characters included', async () => {
    // Set before new passwords refused them: the account must still be able to sign in.
    const user = await createUser(t.database, { password: 'old\tpass\u0007word' });
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
    const without = await login({ email: user.email, password: 'oldpassword' });
    expect(without.statusCode).toBe(401);
  });

  it('answers an unknown address and a wrong password alike', async () => {
    const user = await createUser(t.database);
    const unknown = await login({ email: 'nobody@example.com', password: user.password });
    const wrong = await login({ email: user.email, password: 'not-the-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      success: false,
      message: ACCOUNT.invalidCredentials,
      code: 'UNAUTHENTICATED',
    });
  });

  it.each([
    [{ password: 'whatever' }, 'email', VALIDATION.emailRequired],
    [{ email: '', password: 'whatever' }, 'email', VALIDATION.emailRequired],
    [{ email: 'a@example.com' }, 'password', VALIDATION.passwordRequired],
    [{ email: 'a@example.com', password: '' }, 'password', VALIDATION.passwordRequired],
  ])('refuses %j: %s "%s"', async (payload, field, message) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, field });
  });

  it('throttles one account, whatever the address the tries come from', async () => {
    const user = await createUser(t.database);
    for (let i = 0; i < LIMITS.loginPerAccount.limit; i++) {
      expect((await login({ email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const res = await login({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(res.json().message).toMatch(
      /^Too many login attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a successful login clears the account counter', async () => {
    const user = await createUser(t.database);
    for (let i = 0; i < LIMITS.loginPerAccount.limit - 1; i++) {
      await login({ email: user.email, password: 'wrong-password' });
    }
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await login({ email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
  });

  it('throttles one IP address across accounts', async () => {
    const address = '10.2.99.1';
    for (let i = 0; i < LIMITS.loginPerIp.limit; i++) {
      const res = await login({ email: `probe-${i}@example.com`, password: 'whatever' }, address);
      expect(res.statusCode).toBe(401);
    }
    const res = await login({ email: 'probe-last@example.com', password: 'whatever' }, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many login attempts/);
    expect((await login({ email: 'probe-last@example.com', password: 'x' })).statusCode).toBe(401);
  });
});

describe('GET /api/auth/verify', () => {
  it('returns the signed-in user', async () => {
    const user = await createUser(t.database);
    const { token } = await logIn(t.app, user, nextIp());
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { id: user.id, email: user.email } });
  });

  it('answers 401 without a token and with a bad one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/verify' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ message: SERVER.unauthenticated });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: bearer('not.a.jwt'),
    });
    expect(bad.statusCode).toBe(401);
  });
});
