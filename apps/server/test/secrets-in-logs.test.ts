/**
 * No secret, hash or token in a log line or an API response. The app logs at trace level into
 * memory while an account goes through sign-up, login, a failed login, refresh, "who am I",
 * a password reset, the staff users list, an email change code and logout; then every line
 * and every response body is searched for the passwords, their argon2 hashes, the access,
 * refresh and verification tokens (decision 131) and JWT_SECRET.
 *
 * The sign-up and email change codes and the mails that carry them are among them (DESIGN.md §8): without
 * SMTP_URL the dev outbox keeps mail for GET /api/dev/outbox and logs only its address and
 * subject.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { REFRESH_COOKIE } from '../src/modules/auth/cookies';
import { createTestDatabase, testConfig, type TestDatabase } from './helpers';
import { bearer, createUser, refreshCookieOf } from './users';

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/;
const lines: string[] = [];
const responses: Array<{ call: string; body: string }> = [];
const secrets = new Set<string>();
const t = {} as { app: FastifyInstance; db: TestDatabase; config: Config };

type Call = { method: 'GET' | 'POST'; url: string; payload?: object; token?: string; rt?: string };

/** One API call; its body is kept, and every token it hands out joins the secrets. */
async function call({ method, url, payload, token, rt }: Call) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: '10.9.0.1',
    ...(payload ? { payload } : {}),
    headers: token ? bearer(token) : {},
    ...(rt ? { cookies: { [REFRESH_COOKIE]: rt } } : {}),
  });
  responses.push({ call: `${method} ${url} → ${res.statusCode}`, body: res.body });
  const body = res.json() as { token?: string; verificationToken?: string };
  if (body.token) secrets.add(body.token);
  if (body.verificationToken) secrets.add(body.verificationToken);
  const refresh = refreshCookieOf(res);
  if (refresh) secrets.add(refresh);
  return { res, body, refresh };
}

beforeAll(async () => {
  t.db = await createTestDatabase();
  t.config = testConfig({ LOG_LEVEL: 'trace' });
  const logStream = { write: (line: string) => void lines.push(line) };
  t.app = await buildApp({ config: t.config, database: t.db.database, logStream });
  await t.app.ready();

  const email = 'log.reader@example.com';
  const password = 'shelf-password-in-plain-sight';
  const wrongPassword = 'not-my-password-either-9137';
  const owner = await createUser(t.db.database, { role: 'superAdmin' });
  secrets.add(password).add(wrongPassword).add(owner.password).add(t.config.jwtSecret);

  await call({ method: 'POST', url: '/api/auth/send-otp', payload: { email } });
  const mail = t.app.mailer.outbox![0]!;
  const code = /sign-up code is (\d{6})/.exec(mail.text)![1]!;
  secrets.add(code).add(mail.text).add(mail.html);
  const verified = await call({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { email, otp: code },
  });
  const { verificationToken } = verified.body;
  expect(verificationToken).toEqual(expect.any(String));
  const signup = { email, username: 'log-reader', password, verificationToken };
  expect(
    (await call({ method: 'POST', url: '/api/auth/signup', payload: signup })).res.statusCode,
  ).toBe(201);

  const failed = await call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: wrongPassword },
  });
  expect(failed.res.statusCode).toBe(401);
  const login = await call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(login.res.statusCode).toBe(200);
  // A reset: a call with a made-up token, then the code, its token and the new password.
  const resetPassword = 'a-reset-password-in-plain-sight';
  secrets.add(resetPassword);
  const guessed = { email, password: resetPassword, verificationToken: 'made-up-token-4711' };
  secrets.add(guessed.verificationToken);
  await call({ method: 'POST', url: '/api/auth/reset-password', payload: guessed });
  await call({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const resetCode = await vi.waitFor(
    () => /password reset code is (\d{6})/.exec(t.app.mailer.outbox![0]!.text)![1]!,
  );
  const resetVerified = await call({
    method: 'POST',
    url: '/api/auth/verify-reset-code',
    payload: { email, otp: resetCode },
  });
  const reset = { ...guessed, verificationToken: resetVerified.body.verificationToken };
  const afterReset = await call({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: reset,
  });
  expect(afterReset.res.statusCode).toBe(200);
  const relogin = await call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: resetPassword },
  });
  expect(relogin.res.statusCode).toBe(200);

  const refreshed = await call({ method: 'POST', url: '/api/auth/refresh', rt: relogin.refresh });
  expect(refreshed.res.statusCode).toBe(200);
  await call({ method: 'GET', url: '/api/auth/verify', token: refreshed.body.token });

  // A value the database refuses (a NUL byte) fails the insert that carries the new hash.
  const refused = {
    username: 'nul\u0000name',
    email: 'refused.recruiter@example.com',
    password,
    confirmPassword: password,
  };
  const rejected = await call({
    method: 'POST',
    url: '/api/auth/recruiterBypass',
    payload: refused,
  });
  expect(rejected.res.statusCode).toBe(400);

  const staff = await call({ method: 'POST', url: '/api/auth/login', payload: owner });
  await call({ method: 'GET', url: '/api/user/getUsers', token: staff.body.token });
  // An email change code (decision 136): asked for with the current password, mailed later.
  const moved = 'moved.reader@example.com';
  const changeCode = await call({
    method: 'POST',
    url: '/api/user/send-email-code',
    payload: { email: moved, currentPassword: owner.password },
    token: staff.body.token,
  });
  expect(changeCode.res.statusCode).toBe(200);
  const changeMail = await vi.waitFor(() => {
    const mail = t.app.mailer.outbox!.find((m) => m.to === moved);
    if (!mail) throw new Error('the email change code is not mailed yet');
    return mail;
  });
  secrets.add(/email change code is (\d{6})/.exec(changeMail.text)![1]!);
  secrets.add(changeMail.text).add(changeMail.html);
  await call({ method: 'POST', url: '/api/auth/logout', rt: refreshed.refresh });

  const hashes = await t.db.database.db.execute(sql`select password_hash as h from users`);
  for (const { h } of (hashes as unknown as { rows: Array<{ h: string | null }> }).rows) {
    if (h) secrets.add(h);
  }
}, 60_000);

afterAll(async () => {
  await t.app?.close();
  await t.db?.drop();
});

describe('the log', () => {
  it('was written (the flow ran at trace level), a line for every call at least', () => {
    expect(lines.filter((line) => line.includes('"msg":"request"')).length).toBe(responses.length);
    expect(lines.length).toBeGreaterThan(responses.length);
    expect(secrets.size).toBeGreaterThan(8);
  });

  it('holds no password, hash, token or JWT_SECRET', () => {
    const leaks = lines.filter(
      (line) =>
        line.includes('$argon2') || JWT.test(line) || [...secrets].some((s) => line.includes(s)),
    );
    expect(leaks).toEqual([]);
  });
});

describe('the API responses', () => {
  it('carry no password, hash or JWT_SECRET, and no token besides the one they issue', () => {
    const leaks = responses.filter(({ body }) => {
      const parsed = JSON.parse(body) as { token?: string; verificationToken?: string };
      const { token: _issued, verificationToken: _proof, ...rest } = parsed;
      const others = JSON.stringify(rest);
      const leaked = [...secrets].some((s) => others.includes(s));
      // A field named password*, not a message that starts with "Password changed".
      const passwordField = /"password\w*":/i.test(others);
      return leaked || others.includes('$argon2') || JWT.test(others) || passwordField;
    });
    expect(leaks).toEqual([]);
  });

  it('include the users list and "who am I", which name every account field but no hash', () => {
    const list = responses.find((r) => r.call.startsWith('GET /api/user/getUsers → 200'));
    const me = responses.find((r) => r.call.startsWith('GET /api/auth/verify → 200'));
    expect(JSON.parse(list!.body).requiredUsers.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(me!.body).user.email).toBe('log.reader@example.com');
  });
});
