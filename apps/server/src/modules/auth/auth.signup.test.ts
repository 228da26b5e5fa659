import { ACCOUNT, AUTH, INPUT_RULES, RECRUITER, VALIDATION } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authPost, codeMailedTo, verifiedToken } from '../../../test/auth-calls';
import { useTestApp } from '../../../test/helpers';
import { createUser, refreshCookieOf } from '../../../test/users';
import { LIMITS } from './auth-limits';

const t = useTestApp();
const post = authPost(t, 1);
const codeSentTo = (email: string) => codeMailedTo(t.app, email, 'sign-up');
const mailsTo = (email: string) => t.app.mailer.outbox!.filter((m) => m.to === email);
/** Asks for a sign-up code for the address and verifies it: the verification token. */
const verified = (email: string) => verifiedToken(t, post, email, 'sign-up');

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

  it('answers an address that has an account as any other, and mails its owner a note instead of a code', async () => {
    const user = await createUser(t.database);
    const email = 'nobody-yet@example.com';
    const taken = await post('send-otp', { email: user.email.toUpperCase() });
    const free = await post('send-otp', { email });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    expect(free.json()).toEqual({
      success: true,
      message: ACCOUNT.codeSent,
      resendAfterSeconds: 30,
    });

    const [note] = mailsTo(user.email);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(note!.subject).toBe(ACCOUNT.accountExistsMailSubject);
    expect(note!.text).toContain('It already has an account.');
    expect(note!.text).toContain('http://localhost:3000/login');
    expect(note!.text).toContain('http://localhost:3000/forgot-password');
    expect(note!.text).not.toMatch(/\d{6}/);

    // The same wait, and no code passes for the account's address.
    const [takenAgain, freeAgain] = [
      await post('send-otp', { email: user.email }),
      await post('send-otp', { email }),
    ];
    expect(takenAgain.statusCode).toBe(429);
    expect(freeAgain.statusCode).toBe(429);
    expect(takenAgain.json()).toEqual(freeAgain.json());
    for (const otp of ['000000', '123456']) {
      const guess = await post('verify-otp', { email: user.email, otp });
      expect(guess.statusCode).toBe(400);
      expect(guess.json()).toMatchObject({ message: AUTH.otpInvalid });
    }
  });

  it('answers "Failed to send OTP" alike for both when the mail cannot be sent', async () => {
    const user = await createUser(t.database);
    const send = t.app.mailer.send;
    t.app.mailer.send = () => Promise.reject(new Error('smtp down'));
    try {
      const taken = await post('send-otp', { email: user.email });
      const free = await post('send-otp', { email: 'free-but-down@example.com' });
      expect(taken.statusCode).toBe(503);
      expect(free.statusCode).toBe(503);
      expect(taken.json()).toEqual(free.json());
    } finally {
      t.app.mailer.send = send;
    }
    expect((await post('send-otp', { email: user.email })).statusCode).toBe(200);
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

  it('accepts the right code once, answering with a verification token', async () => {
    const email = 'right@example.com';
    await post('send-otp', { email });
    const res = await post('verify-otp', { email, otp: codeSentTo(email) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: ACCOUNT.codeVerified,
      verificationToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(res.headers['cache-control']).toBe('no-store');

    const again = await post('verify-otp', { email, otp: codeSentTo(email) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: AUTH.otpInvalid });
    // Nor do wrong tries after it void the token its owner holds.
    for (let i = 0; i < 5; i++) await post('verify-otp', { email, otp: '000000' });
    const { verificationToken } = res.json();
    const signup = await post('signup', { email, ...stepFan(), verificationToken });
    expect(signup.statusCode).toBe(201);
  });

  it('keeps only a hash of the token', async () => {
    const email = 'hashed@example.com';
    const token = await verified(email);
    const rows = await t.database.db.execute(
      sql`select token_hash from email_codes where email = ${email}`,
    );
    const [row] = (rows as unknown as { rows: Array<{ token_hash: string }> }).rows;
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(token);
  });
});

describe('POST /api/auth/signup', () => {
  const account = { username: 'Fresh Fan', password: 'a-long-password' };

  it('creates the account of a verified address and signs it in, once per token', async () => {
    const verificationToken = await verified('fresh@example.com');
    const res = await post('signup', { email: 'fresh@example.com', ...account, verificationToken });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: ACCOUNT.signedUp,
      user: { email: 'fresh@example.com', username: 'Fresh Fan', role: 'user', profilePic: null },
    });
    expect(body.user._id).toBe(body.user.id);
    expect(body.token).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toMatch(/password|verificationToken/i);
    expect(refreshCookieOf(res)).toBeTruthy();
    const cookie = res.cookies.find((c) => c.name === 'otaku_rt')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });

    const again = await post('signup', {
      email: 'fresh@example.com',
      ...account,
      verificationToken,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      message: ACCOUNT.verificationExpired,
      code: 'VALIDATION',
      field: 'verificationToken',
    });
  });

  it('is not enough to know the address: polling the last step while the owner enters the code takes nothing', async () => {
    const email = 'owner@example.com';
    const attacker = { username: 'Not The Owner', password: 'attackers-password' };
    const poll = () =>
      Promise.all([
        post('signup', { email, ...attacker }),
        post('signup', { email, ...attacker, verificationToken: 'guessed-token' }),
      ]);
    expect((await post('send-otp', { email })).statusCode).toBe(200);
    for (const res of await poll()) expect(res.statusCode).toBe(400);
    // The owner types the code from the mail...
    const verify = await post('verify-otp', { email, otp: codeSentTo(email) });
    expect(verify.statusCode).toBe(200);
    // ...and the stranger, still polling, gets nothing.
    const [withoutToken, withGuess] = await poll();
    expect(withoutToken!.statusCode).toBe(400);
    expect(withoutToken!.json()).toMatchObject({ message: ACCOUNT.emailNotVerified });
    expect(withGuess!.statusCode).toBe(400);
    expect(withGuess!.json()).toMatchObject({ message: ACCOUNT.verificationExpired });

    const { verificationToken } = verify.json();
    const mine = await post('signup', { email, ...account, verificationToken });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().user.username).toBe('Fresh Fan');
    const stolen = await post('login', { email, password: attacker.password });
    expect(stolen.statusCode).toBe(401);
  });

  it('takes a token only for its own address and purpose', async () => {
    const mine = await verified('mine@example.com');
    const other = await post('signup', {
      email: 'other@example.com',
      ...account,
      verificationToken: mine,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ message: ACCOUNT.verificationExpired });

    // A reset token of an account's address does not create an account for it (nor the reverse,
    // in auth.reset.test.ts).
    const user = await createUser(t.database);
    const resetToken = await verifiedToken(t, post, user.email, 'password reset');
    await t.database.db.execute(sql`delete from users where id = ${user.id}`);
    const asSignup = await post('signup', {
      email: user.email,
      ...account,
      verificationToken: resetToken,
    });
    expect(asSignup.statusCode).toBe(400);
    expect(asSignup.json()).toMatchObject({ message: ACCOUNT.verificationExpired });

    expect(
      (await post('signup', { email: 'mine@example.com', ...account, verificationToken: mine }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a token once its 10 minutes are over', async () => {
    const email = 'slow@example.com';
    const verificationToken = await verified(email);
    await ageCode(email, 'expires_at', 10 * 60 + 1);
    const res = await post('signup', { email, ...account, verificationToken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: ACCOUNT.verificationExpired });
  });

  it('refuses a token a new code has replaced', async () => {
    const email = 'replaced@example.com';
    const verificationToken = await verified(email);
    await ageCode(email, 'last_sent_at', 31);
    expect((await post('send-otp', { email })).statusCode).toBe(200);
    const res = await post('signup', { email, ...account, verificationToken });
    expect(res.json()).toMatchObject({ message: ACCOUNT.verificationExpired });
  });

  it('creates one account when two calls bring the same token at once', async () => {
    const email = 'twice@example.com';
    const verificationToken = await verified(email);
    const both = await Promise.all(
      ['First', 'Second'].map((username) =>
        post('signup', { email, username, password: 'a-long-password', verificationToken }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(both.find((r) => r.statusCode === 400)!.json()).toMatchObject({
      message: ACCOUNT.verificationExpired,
    });
  });

  it('refuses a call without a token', async () => {
    await post('send-otp', { email: 'unverified@example.com' });
    const res = await post('signup', { email: 'unverified@example.com', ...account });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: ACCOUNT.emailNotVerified });
  });

  it('refuses an address that got an account since its code was verified', async () => {
    const verificationToken = await verified('taken-later@example.com');
    await createUser(t.database, { email: 'taken-later@example.com' });
    const res = await post('signup', {
      email: 'taken-later@example.com',
      ...account,
      verificationToken,
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
    const res = await post('signup', {
      email: 'form@example.com',
      verificationToken: 'x',
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, field });
  });
});

describe('throttling of the last step of sign-up', () => {
  it('limits calls per IP address', async () => {
    const address = '10.1.98.1';
    for (let i = 0; i < LIMITS.signupPerIp.limit; i++) {
      const res = await post(
        'signup',
        { email: `step-ip-${i}@example.com`, ...stepFan(), verificationToken: 'x' },
        address,
      );
      expect(res.statusCode).toBe(400);
    }
    const res = await post(
      'signup',
      { email: 'step-ip-last@example.com', ...stepFan(), verificationToken: 'x' },
      address,
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('limits calls without a good token per address, whatever the IP, but never holds up its owner', async () => {
    const email = 'held-up@example.com';
    const verificationToken = await verified(email);
    for (let i = 0; i < LIMITS.signupPerEmail.limit; i++) {
      const res = await post('signup', { email, ...stepFan(), verificationToken: `wrong-${i}` });
      expect(res.statusCode).toBe(400);
    }
    const res = await post('signup', { email, ...stepFan(), verificationToken: 'wrong' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts\./);
    const owner = await post('signup', { email, ...stepFan(), verificationToken });
    expect(owner.statusCode).toBe(201);
  });
});

function stepFan() {
  return { username: 'Step Fan', password: 'a-long-password' };
}

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
