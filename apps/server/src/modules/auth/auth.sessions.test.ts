import { ACCOUNT } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/index';
import { sessionCalls } from '../../../test/auth-calls';
import { useTestApp } from '../../../test/helpers';
import { createUser, logIn, refreshCookieOf } from '../../../test/users';
import { REFRESH_COOKIE } from './cookies';

const t = useTestApp();
let ip = 0;
const nextIp = () => `10.3.0.${++ip}`;

const { refresh, verify } = sessionCalls(t);

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

  it('revokes the whole family when a used token comes back', async () => {
    const user = await createUser(t.database);
    const { refreshToken: stolen } = await logIn(t.app, user, nextIp());
    const rotated = refreshCookieOf(await refresh(stolen))!;

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
  });

  it('leaves other sessions of the same user alone', async () => {
    const user = await createUser(t.database);
    const phone = await logIn(t.app, user, nextIp());
    const laptop = await logIn(t.app, user, nextIp());
    await refresh(phone.refreshToken);
    await refresh(phone.refreshToken);
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

describe('GET /api/auth/logout', () => {
  it('revokes the session and clears the cookie', async () => {
    const user = await createUser(t.database);
    const { refreshToken } = await logIn(t.app, user, nextIp());
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      cookies: { [REFRESH_COOKIE]: refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT.loggedOut });
    expect(refreshCookieOf(res)).toBe('');
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('succeeds without a session too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
  });
});
