import { ACCOUNT, AUTH, INPUT_RULES, RECRUITER, VALIDATION } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authPost, codeMailedTo } from '../../../test/auth-calls';
import { useTestApp } from '../../../test/helpers';
import { createUser, refreshCookieOf } from '../../../test/users';
import { LIMITS } from './auth-limits';

const t = useTestApp();
const post = authPost(t, 1);
const codeSentTo = (email: string) => codeMailedTo(t.app, email, 'sign-up');

const ageCode = (email: string, column: 'last_sent_at' | 'expires_at', seconds: number) =>
  t.database.db.execute(
    sql`update email_codes set ${sql.raw(column)} = ${sql.raw(column)} - make_interval(secs => ${seconds}) where email = ${email}`,
  );

describe('POST /api/auth/send-otp', () => {
  it('mails a 6-digit code with a text and an HTML part', async () => {
    const res = await post('send-otp', { email: ' New.Shopper@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: ACCOUNT.codeSent,
      resendAfterSeconds: 30,
    });
    const mail = t.app.mailer.outbox![0]!;
    expect(mail.to).toBe('new.shopper@example.com');
    expect(mail.subject).toBe(ACCOUNT.codeMailSubject);
    const code = codeSentTo('new.shopper@example.com');
    expect(mail.html).toContain(code);
  });

  it.each([
    [{}, VALIDATION.emailRequired],
    [{ email: '   ' }, VALIDATION.emailRequired],
    [{ email: 'not-an-email' }, RECRUITER.invalidEmail],
  ])('refuses %j with "%s"', async (payload, message) => {
    const res = await post('send-otp', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, field: 'email' });
  });

  it('refuses an address that already has an account', async () => {
    const user = await createUser(t.database);
    const res = await post('send-otp', { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: ACCOUNT.emailTaken });
  });

  it('sends again only after 30 seconds, and the new code replaces the old', async () => {
    const email = 'resend@example.com';
    expect((await post('send-otp', { email })).statusCode).toBe(200);
    const first = codeSentTo(email);

    const early = await post('send-otp', { email });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(
      /^Please wait (29|30) seconds before asking for a new code\.$/,
    );
    expect(early.headers['retry-after']).toMatch(/^(29|30)$/);

    await ageCode(email, 'last_sent_at', 31);
    expect((await post('send-otp', { email })).statusCode).toBe(200);
    const second = codeSentTo(email);
    if (second !== first) {
      const old = await post('verify-otp', { email, otp: first });
      expect(old.json()).toMatchObject({ message: AUTH.otpInvalid });
    }
    expect((await post('verify-otp', { email, otp: second })).statusCode).toBe(200);
  });

  it('answers "Failed to send OTP" when the mail cannot be sent, and allows a retry at once', async () => {
    const send = t.app.mailer.send;
    t.app.mailer.send = () => Promise.reject(new Error('smtp down'));
    try {
      const res = await post('send-otp', { email: 'nomail@example.com' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, message: AUTH.sendOtpFailed });
    } finally {
      t.app.mailer.send = send;
    }
    expect((await post('send-otp', { email: 'nomail@example.com' })).statusCode).toBe(200);
  });
});

describe('POST /api/auth/verify-otp', () => {
  it('refuses a missing code with "OTP is required!"', async () => {
    const res = await post('verify-otp', { email: 'a@example.com', otp: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: VALIDATION.otpRequired, field: 'otp' });
  });

  it('refuses a code that is not 6 digits with a 400, without counting a wrong try', async () => {
    const email = 'typo@example.com';
    await post('send-otp', { email });
    const code = codeSentTo(email);
    for (const otp of [
      '12345a',
      'O12345',
      '1234567',
      '١٢٣٤٥٦',
      `${code}\u0000`,
      'x'.repeat(50_000),
    ]) {
      const res = await post('verify-otp', { email, otp });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: INPUT_RULES.codeDigits,
        code: 'VALIDATION',
        field: 'otp',
      });
    }
    // Six refusals, yet the code was not voided by them: it still verifies.
    const right = await post('verify-otp', { email, otp: ` ${code} ` });
    expect(right.statusCode).toBe(200);
  });

  it('reads full-width digits, as a Japanese input method types them, as the code', async () => {
    const email = 'wide@example.com';
    await post('send-otp', { email });
    const wide = [...codeSentTo(email)].map((d) => String.fromCharCode(0xff10 + Number(d)));
    const res = await post('verify-otp', { email, otp: wide.join('') });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a code for an address that never asked for one', async () => {
    const res = await post('verify-otp', { email: 'never@example.com', otp: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: AUTH.otpInvalid });
  });

  it('refuses an expired code', async () => {
    const email = 'expired@example.com';
    await post('send-otp', { email });
    const code = codeSentTo(email);
    await ageCode(email, 'expires_at', 10 * 60 + 1);
    const res = await post('verify-otp', { email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: AUTH.otpInvalid });
  });

  it('voids the code on the 5th wrong try', async () => {
    const email = 'guesser@example.com';
    await post('send-otp', { email });
    const code = codeSentTo(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await post('verify-otp', { email, otp: wrong });
      expect(res.json()).toMatchObject({ message: AUTH.otpInvalid });
    }
    const fifth = await post('verify-otp', { email, otp: wrong });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toMatchObject({ message: ACCOUNT.codeTooManyTries });
    const right = await post('verify-otp', { email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ message: AUTH.otpInvalid });
  });

  it('accepts the right code', async () => {
    const email = 'right@example.com';
    await post('send-otp', { email });
    const res = await post('verify-otp', { email, otp: codeSentTo(email) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT.codeVerified });
  });
});

describe('POST /api/auth/signup', () => {
  const verified = async (email: string) => {
    await post('send-otp', { email });
    await post('verify-otp', { email, otp: codeSentTo(email) });
  };

  it('creates the account of a verified address and signs it in', async () => {
    await verified('fresh@example.com');
    const res = await post('signup', {
      email: 'fresh@example.com',
      username: 'Fresh Fan',
      password: 'a-long-password',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: ACCOUNT.signedUp,
      user: { email: 'fresh@example.com', username: 'Fresh Fan', role: 'user', profilePic: null },
    });
    expect(body.user._id).toBe(body.user.id);
    expect(body.token).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    expect(refreshCookieOf(res)).toBeTruthy();
    const cookie = res.cookies.find((c) => c.name === 'otaku_rt')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });

    const again = await post('signup', {
      email: 'fresh@example.com',
      username: 'Fresh Fan',
      password: 'a-long-password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: ACCOUNT.emailNotVerified });
  });

  it('refuses an address that was never verified', async () => {
    await post('send-otp', { email: 'unverified@example.com' });
    const res = await post('signup', {
      email: 'unverified@example.com',
      username: 'Someone',
      password: 'a-long-password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: ACCOUNT.emailNotVerified });
  });

  it('refuses an address that already has an account', async () => {
    await verified('taken-later@example.com');
    await createUser(t.database, { email: 'taken-later@example.com' });
    const res = await post('signup', {
      email: 'taken-later@example.com',
      username: 'Someone',
      password: 'a-long-password',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: ACCOUNT.emailTaken });
  });

  it.each([
    [{ username: '', password: 'a-long-password' }, 'username', VALIDATION.usernameRequired],
    [{ username: 'ab', password: 'a-long-password' }, 'username', RECRUITER.usernameTooShort],
    [
      { username: 'x'.repeat(21), password: 'a-long-password' },
      'username',
      RECRUITER.usernameTooLong,
    ],
    [{ username: 'Someone', password: '' }, 'password', VALIDATION.passwordRequired],
    [{ username: 'Someone' }, 'password', VALIDATION.passwordRequired],
    [{ username: 'Someone', password: 'short' }, 'password', VALIDATION.passwordTooShort],
    [
      { username: 'Someone', password: 'a-long\u0000password' },
      'password',
      INPUT_RULES.controlCharacters('Password'),
    ],
    [
      { username: 'Someone', password: 'a-long-password\u202e' },
      'password',
      INPUT_RULES.controlCharacters('Password'),
    ],
  ])('refuses %j: %s "%s"', async (fields, field, message) => {
    const res = await post('signup', { email: 'form@example.com', ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, field });
  });
});

describe('throttling of sign-up codes', () => {
  it('limits code requests per IP address', async () => {
    const address = '10.1.99.1';
    for (let i = 0; i < LIMITS.sendOtpPerIp.limit; i++) {
      const res = await post('send-otp', { email: `ip-${i}@example.com` }, address);
      expect(res.statusCode).toBe(200);
    }
    const res = await post('send-otp', { email: 'ip-last@example.com' }, address);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(res.json().message).toMatch(
      /^Too many code requests\. Please try again in \d+ minutes?\.$/,
    );
  });

  it('limits code checks per address, whatever the IP', async () => {
    const email = 'checked-often@example.com';
    for (let i = 0; i < LIMITS.verifyOtpPerEmail.limit; i++) {
      const res = await post('verify-otp', { email, otp: '000000' });
      expect(res.statusCode).toBe(400);
    }
    const res = await post('verify-otp', { email, otp: '000000' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(
      /^Too many code attempts\. Please try again in \d+ minutes?\.$/,
    );
  });
});
