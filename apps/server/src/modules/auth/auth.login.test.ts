import { ACCOUNT, SERVER, VALIDATION } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { bearer, createUser, logIn, refreshCookieOf, type TestUser } from '../../../test/users';
import { LIMITS } from './auth-limits';
import { WRONG_PASSWORDS } from './login-throttle';

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

describe('wrong passwords, per account and address', () => {
  const wrong = (user: TestUser, address: string) =>
    login({ email: user.email, password: 'not-the-password' }, address);
  const right = (user: TestUser, address: string) =>
    login({ email: user.email, password: user.password }, address);
  /** As if the address had waited: its last wrong password `seconds` further back. */
  const waited = (user: TestUser, address: string, seconds: number) =>
    t.database.db.execute(sql`update login_failures
      set last_failed_at = last_failed_at - make_interval(secs => ${seconds})
      where email = ${user.email} and address = ${address}`);
  /** The wait a 429 asks for, checked against its header and its words. */
  const waitOf = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(res.json()).toEqual({
      success: false,
      message: ACCOUNT.tooManyWrongPasswords(seconds),
      code: 'RATE_LIMITED',
      retryAfterSeconds: seconds,
    });
    return seconds;
  };
  const { free, firstWaitSeconds } = WRONG_PASSWORDS;

  it("a stranger's 50 wrong passwords do not stop the owner's login from another address", async () => {
    const owner = await createUser(t.database, { role: 'superAdmin' });
    for (let address = 1; address <= 50 / free; address++) {
      for (let i = 0; i < free; i++) {
        expect((await wrong(owner, `10.2.50.${address}`)).statusCode).toBe(401);
      }
    }
    // The stranger's addresses wait now; the owner's does not.
    waitOf(await wrong(owner, '10.2.50.1'));
    expect((await right(owner, '10.2.51.1')).statusCode).toBe(200);
  });

  it('the guessing address waits, twice as long after each further wrong password', async () => {
    const user = await createUser(t.database);
    const address = '10.2.52.1';
    for (let i = 0; i < free; i++) expect((await wrong(user, address)).statusCode).toBe(401);

    // Even the right password waits: otherwise the answer would tell a guess was right.
    const first = waitOf(await right(user, address));
    expect(first).toBeGreaterThan(firstWaitSeconds / 2);
    expect(first).toBeLessThanOrEqual(firstWaitSeconds);

    await waited(user, address, firstWaitSeconds);
    expect((await wrong(user, address)).statusCode).toBe(401);
    const second = waitOf(await wrong(user, address));
    expect(second).toBeGreaterThan(firstWaitSeconds);
    expect(second).toBeLessThanOrEqual(2 * firstWaitSeconds);

    await waited(user, address, 2 * firstWaitSeconds);
    expect((await wrong(user, address)).statusCode).toBe(401);
    expect(waitOf(await wrong(user, address))).toBeGreaterThan(2 * firstWaitSeconds);

    // Only that address, and only for that account.
    expect((await right(user, '10.2.52.2')).statusCode).toBe(200);
    const other = await createUser(t.database);
    expect((await right(other, address)).statusCode).toBe(200);
  });

  it("the right password clears the address's count", async () => {
    const user = await createUser(t.database);
    const address = '10.2.53.1';
    for (let i = 0; i < free - 1; i++) await wrong(user, address);
    expect((await right(user, address)).statusCode).toBe(200);
    for (let i = 0; i < free; i++) expect((await wrong(user, address)).statusCode).toBe(401);
    waitOf(await wrong(user, address));
  });

  it('counts tries sent at once one by one', async () => {
    const user = await createUser(t.database);
    const address = '10.2.54.1';
    const all = await Promise.all(Array.from({ length: 12 }, () => wrong(user, address)));
    const statuses = all.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - free);
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
