/**
 * Forged and misused access tokens: each is refused with 401 on a protected route and counts
 * as a guest on a public one. The forgeries are built by hand, as an attacker would, and one
 * correctly signed control token proves the forging itself is right.
 */
import { createHmac } from 'node:crypto';
import { ACCOUNT, SERVER } from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionCalls } from '../../../test/auth-calls';
import { useTestApp } from '../../../test/helpers';
import { bearer, createUser, logIn, type TestUser } from '../../../test/users';
import { signAccessToken, signPayload } from '../../lib/tokens';

const t = useTestApp();
let shopper: TestUser;
let owner: TestUser;

beforeAll(async () => {
  shopper = await createUser(t.database);
  owner = await createUser(t.database, { role: 'superAdmin' });
});

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hmac = (hash: 'sha256' | 'sha512', secret: string) => (input: string) =>
  createHmac(hash, secret).update(input).digest('base64url');

/** A JWT from a header, claims and a signing function ('' for no signature). */
function forge(header: object, claims: object, sign: (input: string) => string): string {
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${sign(input)}`;
}

/** The claims of a genuine access token for a user, with some of them changed. */
function claims(userId: string, changes: object = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    typ: 'access',
    sub: userId,
    iss: 'otaku-shelf',
    aud: 'otaku-shelf:access',
    iat: now,
    exp: now + 600,
    sid: 'a-session',
    ...changes,
  };
}

/** The claims of a genuine access token without one of them, signed with the shop's secret. */
const without = (claim: string) => async () => {
  const { [claim]: _left, ...rest } = claims(owner.id) as Record<string, unknown>;
  return forge(HS256, rest, hmac('sha256', secret()));
};

const HS256 = { alg: 'HS256', typ: 'JWT' };
const secret = () => t.config.jwtSecret;

const attacks: Record<string, () => Promise<string>> = {
  'alg none': async () => forge({ alg: 'none', typ: 'JWT' }, claims(owner.id), () => ''),
  'HS512 with the right secret': async () =>
    forge({ alg: 'HS512', typ: 'JWT' }, claims(owner.id), hmac('sha512', secret())),
  'RS256 header over an HMAC signature': async () =>
    forge({ alg: 'RS256', typ: 'JWT' }, claims(owner.id), hmac('sha256', secret())),
  'another secret': async () =>
    forge(HS256, claims(owner.id), hmac('sha256', 'another-secret-another-secret-0123456789')),
  'a tampered user id under the old signature': async () => {
    const [header, , signature] = (await signAccessToken(secret(), shopper.id)).split('.');
    return `${header}.${part(claims(owner.id))}.${signature}`;
  },
  'a missing signature': async () =>
    (await signAccessToken(secret(), owner.id)).split('.').slice(0, 2).join('.') + '.',
  'another audience': async () =>
    forge(HS256, claims(owner.id, { aud: 'otaku-shelf:google-state' }), hmac('sha256', secret())),
  'another kind of signed token': async () =>
    signPayload(secret(), 'google-state', { sub: owner.id }, 60),
  'a refresh token': async () => (await logIn(t.app, owner, '10.7.0.1')).refreshToken,
  // A token that never expires, says nobody or no issue time, or belongs to no session.
  'the right secret but no exp': without('exp'),
  'the right secret but no iat': without('iat'),
  'the right secret but no sub': without('sub'),
  'the right secret but no sid': without('sid'),
};

const { verify } = sessionCalls(t);
const staffList = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/getUsers', headers: bearer(token) });
const publicCall = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/product/getProducts', headers: bearer(token) });

describe('a correctly signed token (the control)', () => {
  it('is accepted, so the forgeries below differ only in what they change', async () => {
    const token = forge(HS256, claims(owner.id), hmac('sha256', secret()));
    expect((await verify(token)).json().user.id).toBe(owner.id);
    expect((await staffList(token)).statusCode).toBe(200);
  });
});

describe.each(Object.entries(attacks))('an access token made with %s', (_name, make) => {
  it('is refused with 401 on protected routes and counts as a guest on public ones', async () => {
    const token = await make();
    for (const res of [await verify(token), await staffList(token)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        message: SERVER.unauthenticated,
        code: 'UNAUTHENTICATED',
      });
    }
    expect((await publicCall(token)).statusCode).toBe(200);
  });
});

describe('an expired access token', () => {
  it('is refused with 401 and says the session expired; public routes still answer', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const token = forge(
      HS256,
      claims(owner.id, { iat: past, exp: past + 900 }),
      hmac('sha256', secret()),
    );
    for (const res of [await verify(token), await staffList(token)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ACCOUNT.sessionExpired);
    }
    expect((await publicCall(token)).statusCode).toBe(200);
  });
});
