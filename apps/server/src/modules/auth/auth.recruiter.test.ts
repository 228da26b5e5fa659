import { ACCOUNT, RECRUITER, VALIDATION } from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { bearer, createUser, refreshCookieOf } from '../../../test/users';
import { LIMITS } from './auth-limits';

const t = useTestApp();
let ip = 0;
const nextIp = () => `10.4.0.${++ip}`;

const valid = {
  username: 'Recruiter Rae',
  email: 'rae@hiring.example.com',
  password: 'hire-me-please',
  confirmPassword: 'hire-me-please',
};
const recruit = (payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/recruiterBypass', payload, remoteAddress });

describe('POST /api/auth/recruiterBypass', () => {
  it('creates an admin account at once and signs it in', async () => {
    const res = await recruit(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: ACCOUNT.recruiterCreated,
      user: { username: 'Recruiter Rae', email: 'rae@hiring.example.com', role: 'admin' },
      token: expect.any(String),
    });
    expect(refreshCookieOf(res)).toBeTruthy();
    const verify = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: bearer(body.token),
    });
    expect(verify.json().user.role).toBe('admin');
  });

  it('refuses an address that already has an account', async () => {
    const user = await createUser(t.database);
    const res = await recruit({ ...valid, email: user.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: ACCOUNT.emailTaken });
  });

  it.each([
    [{ username: '' }, 'username', VALIDATION.usernameRequired],
    [{ username: 'ab' }, 'username', RECRUITER.usernameTooShort],
    [{ username: 'x'.repeat(21) }, 'username', RECRUITER.usernameTooLong],
    [{ email: '' }, 'email', VALIDATION.emailRequired],
    [{ email: 'rae@' }, 'email', RECRUITER.invalidEmail],
    [{ password: '', confirmPassword: '' }, 'password', VALIDATION.passwordRequired],
    [{ password: 'short', confirmPassword: 'short' }, 'password', RECRUITER.passwordTooShort],
    [{ confirmPassword: '' }, 'confirmPassword', RECRUITER.confirmRequired],
    [{ confirmPassword: 'hire-me-later' }, 'confirmPassword', RECRUITER.passwordsDiffer],
  ])('refuses %j: %s "%s"', async (change, field, message) => {
    const res = await recruit({ ...valid, email: 'form@hiring.example.com', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, field });
  });

  it('accepts a username of exactly 3 and of exactly 20 characters', async () => {
    for (const username of ['abc', 'x'.repeat(20)]) {
      const res = await recruit({
        ...valid,
        username,
        email: `${username.length}@hiring.example.com`,
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it('is rate-limited per IP address', async () => {
    const address = '10.4.99.1';
    for (let i = 0; i < LIMITS.recruiterPerIp.limit; i++) {
      const res = await recruit({ ...valid, email: `limit-${i}@hiring.example.com` }, address);
      expect(res.statusCode).toBe(201);
    }
    const res = await recruit({ ...valid, email: 'limit-last@hiring.example.com' }, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(
      /^Too many accounts were created from your network\. Please try again in \d+ minutes?\.$/,
    );
  });
});

describe('POST /api/auth/recruiterBypass with RECRUITER_SIGNUP=off', () => {
  const off = useTestApp({ RECRUITER_SIGNUP: 'off' });

  it('is refused with a clear message', async () => {
    const res = await off.app.inject({
      method: 'POST',
      url: '/api/auth/recruiterBypass',
      payload: valid,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      message: ACCOUNT.recruiterDisabled,
      code: 'FORBIDDEN',
    });
  });
});
