import { ACCOUNT, SERVER } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/index';
import { sessionCalls } from '../../../test/auth-calls';
import { useTestApp } from '../../../test/helpers';
import { bearer, createUser, logIn, refreshCookieOf } from '../../../test/users';
import { REFRESH_COOKIE } from './cookies';
import { REFRESH_REUSE_GRACE_MS } from './sessions';
import { hashToken } from '../../lib/tokens';

const t = useTestApp();
let ip = 0;
const nextIp = () => `10.3.0.${++ip}`;

const { refresh, verify } = sessionCalls(t);

/** Makes a used refresh token look used longer ago than the two-tabs grace. */
const usedBeforeTheGrace = (refreshToken: string) =>
  t.database.db
    .update(refreshTokens)
    .set({ usedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token on every use and issues a new access token', async () => {
    const user = await createUser(t.database);
    const first = await logIn(t.app, user, nextIp());

    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      user: { id: user.id },
      token: expect.any(String),
    });
    const second = refreshCookieOf(res)!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first.refreshToken);
    expect((await verify(res.json().token)).statusCode).toBe(200);

    const third = await refresh(second);
    expect(third.statusCode).toBe(200);
  });

  it('ends the whole session when a used token comes back after the grace', async () => {
    const user = await createUser(t.database);
    const { refreshToken: stolen } = await logIn(t.app, user, nextIp());
    const rotatedRes = await refresh(stolen);
    const rotated = refreshCookieOf(rotatedRes)!;
    await usedBeforeTheGrace(stolen);

    const replay = await refresh(stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, message: ACCOUNT.sessionExpired });
    expect(refreshCookieOf(replay)).toBe('');

    // The legitimate holder's newer token is dead too.
    expect((await refresh(rotated)).statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    // And so is the access token it was given.
    expect((await verify(rotatedRes.json().token)).statusCode).toBe(401);
  });

  it('leaves other sessions of the same user alone', async () => {
    const user = await createUser(t.database);
    const phone = await logIn(t.app, user, nextIp());
    const laptop = await logIn(t.app, user, nextIp());
    await refresh(phone.refreshToken);
    await usedBeforeTheGrace(phone.refreshToken);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await verify(laptop.token)).statusCode).toBe(200);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie, with an unknown one and with an expired one', async () => {
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh('made-up-token')).statusCode).toBe(401);
    const user = await createUser(t.database);
    const { refreshToken } = await logIn(t.app, user, nextIp());
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.id));
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });
});

describe('two refreshes with the same cookie at once (two tabs)', () => {
  it('both stay signed in, with the same successor, which then refreshes as usual', async () => {
    const user = await createUser(t.database);
    const { refreshToken } = await logIn(t.app, user, nextIp());

    const both = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    const [a, b] = both.map((res) => refreshCookieOf(res)!);
    expect(a).toBe(b);
    expect(a).not.toBe(refreshToken);
    for (const res of both) expect((await verify(res.json().token)).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(2);
    expect((await refresh(a)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  /** A logout as the web app sends it: the cookie, the access token, from the shop's page. */
  const logout = (
    session: { token?: string; refreshToken?: string },
    headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, ...(session.token ? bearer(session.token) : {}) },
      ...(session.refreshToken ? { cookies: { [REFRESH_COOKIE]: session.refreshToken } } : {}),
    });

  it("ends the session and refuses its access token at once; the user's other devices go on", async () => {
    const user = await createUser(t.database);
    const laptop = await logIn(t.app, user, nextIp());
    const phone = await logIn(t.app, user, nextIp());
    expect((await verify(laptop.token)).statusCode).toBe(200);

    const res = await logout(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT.loggedOut });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(refreshCookieOf(res)).toBe('');

    const refused = await verify(laptop.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SERVER.unauthenticated);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(401);
    expect((await verify(phone.token)).statusCode).toBe(200);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(200);
  });

  it('ends the session of the access token alone when no cookie comes with it (an app)', async () => {
    const user = await createUser(t.database);
    const session = await logIn(t.app, user, nextIp());
    expect((await logout({ token: session.token }, {})).statusCode).toBe(200);
    expect((await verify(session.token)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }],
    ['another Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
  ])('is refused with 403 from another site (%s), and the session goes on', async (_h, headers) => {
    const user = await createUser(t.database);
    const session = await logIn(t.app, user, nextIp());
    const res = await logout(session, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      message: ACCOUNT.crossSiteLogout,
      code: 'FORBIDDEN',
    });
    expect(refreshCookieOf(res)).toBeUndefined();
    expect((await verify(session.token)).statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);
  });

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['the Origin of PUBLIC_URL', { origin: 'http://localhost:3000' }],
    ['an Origin of the host called', { origin: 'http://shop.example', host: 'shop.example' }],
    ['neither header (not a browser)', {}],
  ])('is accepted with %s', async (_h, headers) => {
    const user = await createUser(t.database);
    const session = await logIn(t.app, user, nextIp());
    expect((await logout(session, headers)).statusCode).toBe(200);
    expect((await verify(session.token)).statusCode).toBe(401);
  });

  it('succeeds without a session too', async () => {
    expect((await logout({})).statusCode).toBe(200);
  });

  it('is no longer a GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(404);
  });
});
