import { ACCOUNT, RECRUITER, VALIDATION } from '@otaku/shared';
import { describe, expect, it, vi } from 'vitest';
import { authPost, codeMailedTo, verifiedToken } from '../../../test/auth-calls';
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
const post = authPost(t, 4);
/** The form with the token of its address's verified sign-up code (decision 131). */
const proved = async (form: typeof valid) => ({
  ...form,
  verificationToken: await verifiedToken(t, post, form.email, 'sign-up'),
});

describe('POST /api/auth/recruiterBypass', () => {
  it('creates an admin account at once for a verified address and signs it in', async () => {
    const res = await recruit(await proved(valid));
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

  it('answers the same whether or not the address has an account', async () => {
    const user = await createUser(t.database);
    const free = { ...valid, email: 'free@hiring.example.com' };
    for (const extra of [{}, { verificationToken: 'made-up' }]) {
      const taken = await recruit({ ...valid, email: user.email, ...extra });
      const other = await recruit({ ...free, ...extra });
      expect(taken.statusCode).toBe(400);
      expect(taken.statusCode).toBe(other.statusCode);
      expect(taken.json()).toEqual(other.json());
    }
    // The code step before it answers alike too (auth.signup.test.ts), and only the address
    // without an account gets a code that passes.
  });

  it("refuses a token that was used, or is another address's", async () => {
    const form = await proved({ ...valid, email: 'once@hiring.example.com' });
    expect((await recruit(form)).statusCode).toBe(201);
    const again = await recruit({ ...form, email: 'twice@hiring.example.com' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: ACCOUNT.verificationExpired });
    expect((await recruit(form)).json()).toMatchObject({ message: ACCOUNT.verificationExpired });
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
    const form = { ...valid, email: 'form@hiring.example.com', verificationToken: 'x' };
    const res = await recruit({ ...form, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, field });
  });

  it('accepts a username of exactly 3 and of exactly 20 characters', async () => {
    for (const username of ['abc', 'x'.repeat(20)]) {
      const res = await recruit(
        await proved({ ...valid, username, email: `${username.length}@hiring.example.com` }),
      );
      expect(res.statusCode).toBe(201);
    }
  });

  it('is rate-limited per IP address', async () => {
    const address = '10.4.99.1';
    for (let i = 0; i < LIMITS.recruiterPerIp.limit; i++) {
      const form = await proved({ ...valid, email: `limit-${i}@hiring.example.com` });
      expect((await recruit(form, address)).statusCode).toBe(201);
    }
    const last = await proved({ ...valid, email: 'limit-last@hiring.example.com' });
    const res = await recruit(last, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(
      /^Too many accounts were created from your network\. Please try again in \d+ minutes?\.$/,
    );
  });
});

describe("the recruiter page's code", () => {
  it('is mailed in words of the recruiter page and a staff sign-up, and proves the address', async () => {
    const email = 'words@hiring.example.com';
    const sent = await post('send-otp', { email, page: 'recruiter' });
    expect(sent.statusCode).toBe(200);
    const mail = await vi.waitFor(() => {
      const found = t.app.mailer.outbox!.find((m) => m.to === email);
      if (!found) throw new Error('no mail yet');
      return found;
    });
    expect(mail.subject).toBe(ACCOUNT.recruiterCodeMailSubject);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('the recruiter page');
      expect(part).toContain('staff');
      expect(part).not.toContain('the sign-up page');
    }
    const otp = codeMailedTo(t.app, email, 'sign-up');
    const verified = await post('verify-otp', { email, otp });
    const { verificationToken } = verified.json<{ verificationToken: string }>();
    expect((await recruit({ ...valid, email, verificationToken })).statusCode).toBe(201);
  });

  it('is refused for a page it does not know', async () => {
    const res = await post('send-otp', { email: 'page@hiring.example.com', page: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', field: 'page' });
  });
});

describe('POST /api/auth/recruiterBypass with RECRUITER_SIGNUP=off', () => {
  const off = useTestApp({ RECRUITER_SIGNUP: 'off' });
  const offPost = authPost(off, 5);

  it("refuses the recruiter page's code request as its last step would, for any address", async () => {
    const user = await createUser(off.database);
    const answers = [];
    for (const email of [user.email, 'nobody@hiring.example.com']) {
      const res = await offPost('send-otp', { email, page: 'recruiter' });
      expect(res.statusCode).toBe(403);
      answers.push(res.json());
      expect(off.app.mailer.outbox!.some((m) => m.to === email)).toBe(false);
    }
    const expected = { success: false, message: ACCOUNT.recruiterDisabled, code: 'FORBIDDEN' };
    expect(answers).toEqual([expected, expected]);
    // The sign-up page's code is not affected.
    const signup = await offPost('send-otp', { email: 'shopper@example.com' });
    expect(signup.statusCode).toBe(200);
  });

  it('is refused with a clear message', async () => {
    const res = await off.app.inject({
      method: 'POST',
      url: '/api/auth/recruiterBypass',
      payload: { ...valid, verificationToken: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      message: ACCOUNT.recruiterDisabled,
      code: 'FORBIDDEN',
    });
  });
});
