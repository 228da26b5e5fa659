import { ACCOUNT, AUTH, INPUT_RULES, RECRUITER, VALIDATION } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { authPost, codeMailedTo, sessionCalls, verifiedToken } from '../../../test/auth-calls';
import { useTestApp } from '../../../test/helpers';
import { createUser, logIn, refreshCookieOf, type TestUser } from '../../../test/users';
import { LIMITS } from './auth-limits';
import { WRONG_PASSWORDS } from './login-throttle';

const t = useTestApp();
const post = authPost(t, 7);
const mailsTo = (email: string) => t.app.mailer.outbox!.filter((m) => m.to === email);
/** The reset code mailed to the address, once it is out (it goes after the answer). */
const resetCodeSentTo = (email: string) =>
  vi.waitFor(() => codeMailedTo(t.app, email, 'password reset'));

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/** Asks for a code for the user's address and verifies it: the verification token. */
const verifiedReset = (user: TestUser) => verifiedToken(t, post, user.email, 'password reset');

const { verify, refresh } = sessionCalls(t);

describe('POST /api/auth/forgot-password', () => {
  it('mails a reset code to the address of an account', async () => {
    const user = await createUser(t.database);
    const res = await post('forgot-password', { email: ` ${user.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: ACCOUNT.resetCodeSent,
      resendAfterSeconds: 30,
    });
    const code = await resetCodeSentTo(user.email);
    const [mail] = mailsTo(user.email);
    expect(mail?.subject).toBe(ACCOUNT.resetMailSubject);
    expect(mail?.text).toContain('your password stays as it is');
    expect(mail?.html).toContain(code);
  });

  it('answers an address without an account the same, with no mail and the same wait', async () => {
    const user = await createUser(t.database);
    const email = 'nobody-here@example.com';
    const known = await post('forgot-password', { email: user.email });
    const unknown = await post('forgot-password', { email });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(mailsTo(email)).toHaveLength(0);

    const [knownAgain, unknownAgain] = [
      await post('forgot-password', { email: user.email }),
      await post('forgot-password', { email }),
    ];
    expect(knownAgain.statusCode).toBe(429);
    expect(unknownAgain.statusCode).toBe(429);
    expect(unknownAgain.json().message).toBe(knownAgain.json().message);
  });

  it.each([
    [{}, VALIDATION.emailRequired],
    [{ email: 'not-an-email' }, RECRUITER.invalidEmail],
  ])('refuses %j with "%s"', async (payload, message) => {
    const res = await post('forgot-password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, field: 'email' });
  });

  it('answers without waiting for the mail server, so an account takes no longer to answer', async () => {
    const user = await createUser(t.database);
    const send = t.app.mailer.send;
    let sending = false;
    // A mail server that takes the mail and never answers.
    t.app.mailer.send = () => {
      sending = true;
      return new Promise<void>(() => {});
    };
    try {
      const res = await post('forgot-password', { email: user.email });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(ACCOUNT.resetCodeSent);
      await vi.waitFor(() => expect(sending).toBe(true));
    } finally {
      t.app.mailer.send = send;
    }
  });

  it('answers the same when the mail cannot be sent, logs it, and allows a retry at once', async () => {
    const user = await createUser(t.database);
    const send = t.app.mailer.send;
    const failed = vi.fn(() => Promise.reject(new Error('smtp down')));
    t.app.mailer.send = failed;
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      const res = await post('forgot-password', { email: user.email });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(ACCOUNT.resetCodeSent);
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ purpose: 'reset' }),
          'code e-mail could not be sent',
        ),
      );
    } finally {
      t.app.mailer.send = send;
      logged.mockRestore();
    }
    // The code that was not sent is forgotten: no 30 s wait, and the retry's code arrives.
    await vi.waitFor(async () =>
      expect((await post('forgot-password', { email: user.email })).statusCode).toBe(200),
    );
    expect(await resetCodeSentTo(user.email)).toMatch(/^\d{6}$/);
  });

  it('limits code requests per IP address', async () => {
    const address = '10.7.99.1';
    for (let i = 0; i < LIMITS.resetCodePerIp.limit; i++) {
      const res = await post('forgot-password', { email: `reset-ip-${i}@example.com` }, address);
      expect(res.statusCode).toBe(200);
    }
    const res = await post('forgot-password', { email: 'reset-ip-last@example.com' }, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many code requests\./);
  });
});

describe('POST /api/auth/verify-reset-code', () => {
  it('accepts the right code and refuses a wrong one', async () => {
    const user = await createUser(t.database);
    await post('forgot-password', { email: user.email });
    const code = await resetCodeSentTo(user.email);
    const wrong = await post('verify-reset-code', { email: user.email, otp: otherThan(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: AUTH.otpInvalid, field: 'otp' });
    const right = await post('verify-reset-code', { email: user.email, otp: code });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({
      success: true,
      message: ACCOUNT.resetCodeVerified,
      verificationToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(right.headers['cache-control']).toBe('no-store');
    const again = await post('verify-reset-code', { email: user.email, otp: code });
    expect(again.json()).toMatchObject({ message: AUTH.otpInvalid });
  });

  it('refuses every code for an address without an account', async () => {
    await post('forgot-password', { email: 'ghost@example.com' });
    const res = await post('verify-reset-code', { email: 'ghost@example.com', otp: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: AUTH.otpInvalid });
  });

  it('never takes a sign-up code for a reset code, nor the other way round', async () => {
    const user = await createUser(t.database);
    await post('forgot-password', { email: user.email });
    const resetCode = await resetCodeSentTo(user.email);
    const asSignup = await post('verify-otp', { email: user.email, otp: resetCode });
    expect(asSignup.json()).toMatchObject({ message: AUTH.otpInvalid });

    const email = 'new-fan@example.com';
    await post('send-otp', { email });
    const signupCode = codeMailedTo(t.app, email, 'sign-up');
    const asReset = await post('verify-reset-code', { email, otp: signupCode });
    expect(asReset.json()).toMatchObject({ message: AUTH.otpInvalid });
  });

  it('voids the code on the 5th wrong try', async () => {
    const user = await createUser(t.database);
    await post('forgot-password', { email: user.email });
    const code = await resetCodeSentTo(user.email);
    for (let i = 1; i <= 4; i++) {
      await post('verify-reset-code', { email: user.email, otp: otherThan(code) });
    }
    const fifth = await post('verify-reset-code', { email: user.email, otp: otherThan(code) });
    expect(fifth.json()).toMatchObject({ message: ACCOUNT.codeTooManyTries });
    const right = await post('verify-reset-code', { email: user.email, otp: code });
    expect(right.json()).toMatchObject({ message: AUTH.otpInvalid });
  });
});

describe('POST /api/auth/reset-password', () => {
  const newPassword = (password: string, verificationToken: string, email: string) => ({
    email,
    password,
    verificationToken,
  });

  it('sets the new password, ends every other session and signs in, once per token', async () => {
    const user = await createUser(t.database);
    const before = await logIn(t.app, user, '10.7.200.1');
    const token = await verifiedReset(user);

    const res = await post('reset-password', newPassword('a-new-password', token, user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: ACCOUNT.passwordReset,
      user: { id: user.id, email: user.email },
      token: expect.any(String),
    });
    const fresh = refreshCookieOf(res)!;
    expect(fresh).toBeTruthy();

    // The access token from before is refused at once (decision 123); the new one is not.
    expect((await verify(before.token)).statusCode).toBe(401);
    expect((await verify(res.json().token)).statusCode).toBe(200);
    expect((await refresh(before.refreshToken)).statusCode).toBe(401);
    expect((await refresh(fresh)).statusCode).toBe(200);
    const old = await post('login', { email: user.email, password: user.password });
    expect(old.statusCode).toBe(401);
    await logIn(t.app, { email: user.email, password: 'a-new-password' }, '10.7.200.1');

    const again = await post('reset-password', newPassword('yet-another-one', token, user.email));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      message: ACCOUNT.verificationExpired,
      code: 'VALIDATION',
      field: 'verificationToken',
    });
  });

  it('is not enough to know the address: polling the last step while the owner enters the code takes nothing', async () => {
    const user = await createUser(t.database);
    const stolen = 'attackers-password';
    const poll = () =>
      Promise.all([
        post('reset-password', { email: user.email, password: stolen }),
        post('reset-password', newPassword(stolen, 'guessed-token', user.email)),
      ]);
    expect((await post('forgot-password', { email: user.email })).statusCode).toBe(200);
    for (const res of await poll()) expect(res.statusCode).toBe(400);
    // The owner types the code from the mail...
    const otp = await resetCodeSentTo(user.email);
    const verified = await post('verify-reset-code', { email: user.email, otp });
    expect(verified.statusCode).toBe(200);
    // ...and the stranger, still polling, gets nothing.
    const [withoutToken, withGuess] = await poll();
    expect(withoutToken!.statusCode).toBe(400);
    expect(withoutToken!.json()).toMatchObject({ message: ACCOUNT.resetNotVerified });
    expect(withGuess!.statusCode).toBe(400);
    expect(withGuess!.json()).toMatchObject({ message: ACCOUNT.verificationExpired });
    expect((await post('login', { email: user.email, password: stolen })).statusCode).toBe(401);

    const { verificationToken } = verified.json();
    const mine = await post(
      'reset-password',
      newPassword('owners-new-one', verificationToken, user.email),
    );
    expect(mine.statusCode).toBe(200);
    expect((await post('login', { email: user.email, password: stolen })).statusCode).toBe(401);
  });

  it('takes a token only for its own address and purpose', async () => {
    const [mine, other] = [await createUser(t.database), await createUser(t.database)];
    const token = await verifiedReset(mine);
    const forOther = await post(
      'reset-password',
      newPassword('a-new-password', token, other.email),
    );
    expect(forOther.statusCode).toBe(400);
    expect(forOther.json()).toMatchObject({ message: ACCOUNT.verificationExpired });

    // A sign-up token for an address that has no account yet, which then gets one.
    const email = 'signs-up-then-resets@example.com';
    const signupToken = await verifiedToken(t, post, email, 'sign-up');
    await createUser(t.database, { email });
    const asReset = await post('reset-password', newPassword('a-new-password', signupToken, email));
    expect(asReset.statusCode).toBe(400);
    expect(asReset.json()).toMatchObject({ message: ACCOUNT.verificationExpired });

    const own = await post('reset-password', newPassword('a-new-password', token, mine.email));
    expect(own.statusCode).toBe(200);
  });

  it('lets exactly one of two calls with the same token at once change the password', async () => {
    const user = await createUser(t.database);
    const token = await verifiedReset(user);
    const both = await Promise.all(
      ['first-new-password', 'second-new-password'].map((password) =>
        post('reset-password', newPassword(password, token, user.email)),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = both.find((r) => r.statusCode === 400)!;
    expect(loser.json()).toMatchObject({ message: ACCOUNT.verificationExpired });
  });

  it('refuses a new password holding a control character, and keeps the token good', async () => {
    const user = await createUser(t.database);
    const token = await verifiedReset(user);
    const res = await post('reset-password', newPassword('new\rpassword', token, user.email));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: INPUT_RULES.controlCharacters('Password'),
      field: 'password',
    });
    const fixed = await post('reset-password', newPassword('new-password', token, user.email));
    expect(fixed.statusCode).toBe(200);
  });

  it('refuses a reset code that is not 6 digits', async () => {
    const user = await createUser(t.database);
    await post('forgot-password', { email: user.email });
    const res = await post('verify-reset-code', { email: user.email, otp: 'abc123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INPUT_RULES.codeDigits, field: 'otp' });
  });

  it('refuses a call without a token', async () => {
    const user = await createUser(t.database);
    await post('forgot-password', { email: user.email });
    const res = await post('reset-password', { email: user.email, password: 'a-new-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: ACCOUNT.resetNotVerified });
  });

  it('refuses a token once its 10 minutes are over', async () => {
    const user = await createUser(t.database);
    const token = await verifiedReset(user);
    await t.database.db.execute(
      sql`update email_codes set expires_at = now() - interval '1 second' where email = ${user.email}`,
    );
    const res = await post('reset-password', newPassword('a-new-password', token, user.email));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: ACCOUNT.verificationExpired });
  });

  it('lets an address kept waiting by wrong passwords log in with the new password', async () => {
    const user = await createUser(t.database);
    const address = '10.7.200.1';
    for (let i = 0; i < WRONG_PASSWORDS.free; i++) {
      await post('login', { email: user.email, password: 'not-the-password' }, address);
    }
    const waiting = await post('login', { email: user.email, password: user.password }, address);
    expect(waiting.statusCode).toBe(429);
    const token = await verifiedReset(user);
    await post('reset-password', newPassword('a-new-password', token, user.email));
    const res = await post('login', { email: user.email, password: 'a-new-password' }, address);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{ password: '' }, VALIDATION.passwordRequired],
    [{}, VALIDATION.passwordRequired],
    [{ password: 'short' }, VALIDATION.passwordTooShort],
  ])('refuses %j with "%s"', async (fields, message) => {
    const res = await post('reset-password', {
      email: 'form@example.com',
      verificationToken: 'x',
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, field: 'password' });
  });
});

describe('throttling of the last step of a reset', () => {
  it('limits calls per IP address', async () => {
    const address = '10.7.98.1';
    for (let i = 0; i < LIMITS.resetPasswordPerIp.limit; i++) {
      const email = `reset-step-${i}@example.com`;
      const res = await post('reset-password', newPasswordOf(email), address);
      expect(res.statusCode).toBe(400);
    }
    const res = await post('reset-password', newPasswordOf('last@example.com'), address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('limits calls without a good token per address, whatever the IP, but never holds up its owner', async () => {
    const user = await createUser(t.database);
    const token = await verifiedReset(user);
    for (let i = 0; i < LIMITS.resetPasswordPerEmail.limit; i++) {
      expect((await post('reset-password', newPasswordOf(user.email))).statusCode).toBe(400);
    }
    const res = await post('reset-password', newPasswordOf(user.email));
    expect(res.statusCode).toBe(429);
    const owner = await post('reset-password', {
      ...newPasswordOf(user.email),
      verificationToken: token,
    });
    expect(owner.statusCode).toBe(200);
  });
});

/** A reset's last step with a made-up token. */
function newPasswordOf(email: string) {
  return { email, password: 'a-new-password', verificationToken: 'made-up' };
}
