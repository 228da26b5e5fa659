import { randomBytes } from 'node:crypto';
import { INPUT_RULES, RECRUITER, VALIDATION } from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import { authPost } from '../../../test/auth-calls';
import { expectFieldRefused } from '../../../test/field-errors';
import { useTestApp } from '../../../test/helpers';

const t = useTestApp();
const post = authPost(t, 7);

/** Random hex does not compress, so an address this long would not fit a database index. */
const longEmail = `${randomBytes(1500).toString('hex')}@example.com`;
const password = 'password123';

describe('e-mail addresses longer than 254 characters', () => {
  it.each([
    ['send-otp', {}],
    ['verify-otp', { otp: '123456' }],
    ['signup', { username: 'longmail', password }],
    ['login', { password: 'xxxxxxxxx' }],
    ['forgot-password', {}],
    ['verify-reset-code', { otp: '123456' }],
    ['reset-password', { password }],
    ['recruiterBypass', { username: 'qalongmail', password, confirmPassword: password }],
  ])('POST /api/auth/%s answers 400 naming the address', async (url, rest) => {
    expectFieldRefused(
      await post(url, { ...rest, email: longEmail }),
      'email',
      RECRUITER.invalidEmail,
    );
  });

  it('a 255-character address is refused and a 254-character one is looked up', async () => {
    const at254 = `${'a'.repeat(254 - '@example.com'.length)}@example.com`;
    expect((await post('login', { email: `a${at254}`, password })).statusCode).toBe(400);
    expect((await post('login', { email: at254, password })).statusCode).toBe(401);
  });
});

describe('messages for values that are present but wrong', () => {
  const long = 'p'.repeat(129);

  it.each([
    ['signup', { email: 'long@example.com', username: 'longpass', password: long }],
    ['login', { email: 'long@example.com', password: long }],
    [
      'recruiterBypass',
      { username: 'longpass', email: 'long@example.com', password: long, confirmPassword: long },
    ],
  ])('POST /api/auth/%s: a 129-character password is too long, not missing', async (url, body) => {
    expectFieldRefused(await post(url, body), 'password', INPUT_RULES.passwordTooLong);
  });

  it('keeps the spec texts for a missing or empty field', async () => {
    expect((await post('login', { email: 'a@example.com' })).json().message).toBe(
      VALIDATION.passwordRequired,
    );
    expect((await post('login', { email: '', password })).json().message).toBe(
      VALIDATION.emailRequired,
    );
  });

  it('calls an e-mail of another type invalid, not missing', async () => {
    expectFieldRefused(
      await post('login', { email: 12345, password }),
      'email',
      RECRUITER.invalidEmail,
    );
  });
});

describe('control characters in usernames', () => {
  it.each(['ab\u0007\u0008c', 'abc\u001bdef', 'mia\u202e', 'mi\u0000a'])(
    'refuses %j on sign-up and on the recruiter page',
    async (username) => {
      const message = INPUT_RULES.controlCharacters('Username');
      const signup = await post('signup', { email: 'ctl@example.com', username, password });
      expectFieldRefused(signup, 'username', message);
      const recruiter = await post('recruiterBypass', {
        username,
        email: 'ctl@example.com',
        password,
        confirmPassword: password,
      });
      expectFieldRefused(recruiter, 'username', message);
    },
  );
});
