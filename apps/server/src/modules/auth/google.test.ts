/**
 * Google sign-in end to end at the HTTP level, against oauth2-mock-server on loopback: the
 * real openid-client discovery, PKCE, state and nonce checks and ID token verification.
 */
import { ACCOUNT } from '@otaku/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { sessionCalls } from '../../../test/auth-calls';
import { useTestApp } from '../../../test/helpers';
import { createUser, refreshCookieOf } from '../../../test/users';
import { REFRESH_COOKIE } from './cookies';

const mock = new OAuth2Server();
await mock.issuer.keys.generate('RS256');
await mock.start(0, '127.0.0.1');
afterAll(() => mock.stop());
afterEach(() => mock.service.removeAllListeners('beforeTokenSigning'));

const t = useTestApp({
  GOOGLE_CLIENT_ID: 'otaku-test-client',
  GOOGLE_CLIENT_SECRET: 'otaku-test-secret',
  GOOGLE_ISSUER_URL: mock.issuer.url!,
});
const unconfigured = useTestApp();

interface Claims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

/** The provider signs in as this person from now on. */
function signInAs(claims: Claims) {
  mock.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
}

const cookieOf = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

/** Login route → provider → callback, as a browser would follow the redirects. */
async function googleSignIn(tamper?: (callback: URL) => void) {
  const start = await t.app.inject({ method: 'GET', url: '/api/googleAuth/login' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location!);
  expect(authorize.origin).toBe(new URL(mock.issuer.url!).origin);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  expect(authorize.searchParams.get('state')).toBeTruthy();

  const provider = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(provider.headers.get('location')!);
  tamper?.(callback);
  const state = cookieOf(start, 'otaku_oidc')!;
  return t.app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    cookies: state ? { otaku_oidc: state } : {},
  });
}

/** The completion page's call; both answers carry a token, so neither may be stored. */
async function complete(callback: LightMyRequestResponse) {
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe('/auth/google/success');
  expect(callback.headers['cache-control']).toBe('no-store');
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/googleAuth/success',
    cookies: { [REFRESH_COOKIE]: refreshCookieOf(callback)! },
  });
  if (res.statusCode === 200) expect(res.headers['cache-control']).toBe('no-store');
  return res;
}

const { verify } = sessionCalls(t);

describe('Google sign-in', () => {
  it('creates an account keyed on issuer and subject, keeping the picture', async () => {
    signInAs({
      sub: 'g-new-1',
      email: 'Mika@Gmail.example',
      email_verified: true,
      name: 'Mika Tanaka',
      picture: 'https://lh3.googleusercontent.com/a/mika.png',
    });
    const res = await complete(await googleSignIn());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: ACCOUNT.googleSignedIn,
      token: expect.any(String),
      user: {
        email: 'mika@gmail.example',
        username: 'Mika Tanaka',
        role: 'user',
        googleId: 'g-new-1',
        profilePic: 'https://lh3.googleusercontent.com/a/mika.png',
      },
    });
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.googleSubject, 'g-new-1'));
    expect(row).toMatchObject({ googleIssuer: mock.issuer.url, passwordHash: null });

    // Signing in again finds the same account.
    const again = await complete(await googleSignIn());
    expect(again.json().user.id).toBe(res.json().user.id);
  });

  it.each([
    [
      'cleaned and cut',
      'g-name-1',
      '\u202eKaito\u0007\nKuroba of the Moonlit Heist',
      'Kaito Kuroba of the',
    ],
    ['the address when nothing of it is left', 'g-name-2', '\u2066\u0000', 'g-name-2'],
  ])('makes a new account’s username of the name: %s', async (_how, sub, name, username) => {
    signInAs({ sub, email: `${sub}@gmail.example`, email_verified: true, name });
    const made = await complete(await googleSignIn());
    expect(made.json().user.username).toBe(username);
  });

  it('links an existing account when the provider says the e-mail is verified', async () => {
    const user = await createUser(t.database, { email: 'linked@example.com', username: 'Linker' });
    signInAs({ sub: 'g-link-1', email: 'linked@example.com', email_verified: true, name: 'Other' });
    const res = await complete(await googleSignIn());
    expect(res.json().user).toMatchObject({
      id: user.id,
      username: 'Linker',
      googleId: 'g-link-1',
    });
  });

  it('does not link an existing account when the e-mail is not verified', async () => {
    const user = await createUser(t.database, { email: 'victim@example.com' });
    signInAs({ sub: 'g-attacker', email: 'victim@example.com', email_verified: false });
    const res = await googleSignIn();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/google/success?error=email-unverified');
    expect(refreshCookieOf(res)).toBeUndefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSubject).toBeNull();
  });

  it('does not link an account whose own address was never proven (decision 134)', async () => {
    // Someone took the address first (a recruiter page, say) and waits for its owner's Google.
    const squatter = await createUser(t.database, {
      email: 'owner@example.com',
      emailVerified: false,
    });
    signInAs({ sub: 'g-owner', email: 'owner@example.com', email_verified: true });
    const res = await googleSignIn();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/google/success?error=account-unverified');
    expect(refreshCookieOf(res)).toBeUndefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, squatter.id));
    expect(row!.googleSubject).toBeNull();
  });

  it('marks the address of an account it creates as proven', async () => {
    signInAs({ sub: 'g-new-proven', email: 'proven@example.com', email_verified: true });
    await complete(await googleSignIn());
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'proven@example.com'));
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('keeps an uploaded profile picture', async () => {
    await createUser(t.database, { email: 'uploaded@example.com', profilePic: '/uploads/me.webp' });
    signInAs({
      sub: 'g-uploaded',
      email: 'uploaded@example.com',
      email_verified: true,
      picture: 'https://lh3.googleusercontent.com/a/other.png',
    });
    const res = await complete(await googleSignIn());
    expect(res.json().user.profilePic).toBe('/uploads/me.webp');
  });

  it('fails when the state does not match', async () => {
    signInAs({ sub: 'g-state', email: 'state@example.com', email_verified: true });
    const res = await googleSignIn((callback) => callback.searchParams.set('state', 'forged'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/google/success?error=failed');
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('fails without the state cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/googleAuth/callback?code=abc&state=def',
    });
    expect(res.headers.location).toBe('/auth/google/success?error=failed');
  });
});

describe('GET /api/googleAuth/success', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/googleAuth/success' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: ACCOUNT.sessionExpired });
  });
});

describe('POST /api/googleAuth/logout', () => {
  /** The Logout form the web app submits: a POST navigation from the shop's own page. */
  const logout = (refreshToken: string, site = 'same-origin') =>
    t.app.inject({
      method: 'POST',
      url: '/api/googleAuth/logout',
      headers: { 'sec-fetch-site': site, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
      cookies: { [REFRESH_COOKIE]: refreshToken },
    });
  const success = (refreshToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/googleAuth/success',
      cookies: { [REFRESH_COOKIE]: refreshToken },
    });

  it('ends the session and its access token, clears the cookie and goes to /login', async () => {
    signInAs({ sub: 'g-logout', email: 'logout@example.com', email_verified: true });
    const signedIn = await complete(await googleSignIn());
    const refreshToken = refreshCookieOf(signedIn)!;
    const { token } = signedIn.json();
    expect((await verify(token)).statusCode).toBe(200);

    const res = await logout(refreshToken);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(refreshCookieOf(res)).toBe('');
    expect((await success(refreshToken)).statusCode).toBe(401);
    expect((await verify(token)).statusCode).toBe(401);
  });

  it('is refused from another site, and the session goes on', async () => {
    signInAs({ sub: 'g-logout-2', email: 'logout2@example.com', email_verified: true });
    const refreshToken = refreshCookieOf(await googleSignIn())!;
    const res = await logout(refreshToken, 'cross-site');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: ACCOUNT.crossSiteLogout });
    expect(refreshCookieOf(res)).toBeUndefined();
    expect((await success(refreshToken)).statusCode).toBe(200);
  });

  it('is no longer a GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/googleAuth/logout' });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/googleAuth/config', () => {
  it('says whether Google sign-in is configured', async () => {
    for (const [app, enabled] of [
      [t.app, true],
      [unconfigured.app, false],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/api/googleAuth/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, enabled });
    }
  });
});

describe('Google sign-in when not configured', () => {
  it('sends the browser back to /login with the reason', async () => {
    const res = await unconfigured.app.inject({ method: 'GET', url: '/api/googleAuth/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?reason=google-not-configured');
  });
});
