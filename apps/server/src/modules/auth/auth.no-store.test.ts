/**
 * Every answer that carries a token is `Cache-Control: no-store` (decision 129): neither the
 * browser's cache nor a proxy may keep a copy of a session. The Google callback and completion
 * and the logouts are checked in google.test.ts and auth.sessions.test.ts.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authPost, sessionCalls, verifiedToken } from '../../../test/auth-calls';
import { useTestApp } from '../../../test/helpers';
import { createUser, refreshCookieOf } from '../../../test/users';

const t = useTestApp();
const post = authPost(t, 9);
const { refresh } = sessionCalls(t);
const password = 'a-long-password';

/** A successful answer with a token and a refresh cookie, marked never to be stored. */
function expectUnstoredSession(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode).toBe(status);
  expect(res.json().token).toEqual(expect.any(String));
  expect(refreshCookieOf(res)).toBeTruthy();
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('answers that carry a token', () => {
  it('POST /api/auth/login and POST /api/auth/refresh', async () => {
    const user = await createUser(t.database);
    const login = await post('login', { email: user.email, password: user.password });
    expectUnstoredSession(login);
    expectUnstoredSession(await refresh(refreshCookieOf(login)));
  });

  it('POST /api/auth/signup', async () => {
    const email = 'no-store-signup@example.com';
    const verificationToken = await verifiedToken(t, post, email, 'sign-up');
    expectUnstoredSession(
      await post('signup', { email, username: 'Nostore Fan', password, verificationToken }),
      201,
    );
  });

  it('POST /api/auth/reset-password', async () => {
    const user = await createUser(t.database);
    const verificationToken = await verifiedToken(t, post, user.email, 'password reset');
    expectUnstoredSession(
      await post('reset-password', { email: user.email, password, verificationToken }),
    );
  });

  it('POST /api/auth/recruiterBypass', async () => {
    const email = 'no-store-recruiter@example.com';
    const res = await post('recruiterBypass', {
      username: 'Nostore Recruiter',
      email,
      password,
      confirmPassword: password,
      verificationToken: await verifiedToken(t, post, email, 'sign-up'),
    });
    expectUnstoredSession(res, 201);
  });
});
