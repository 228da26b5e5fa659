/**
 * Calls to /api/auth for the account tests:
 *
 *   const post = authPost(t, 1);             // from 10.1.0.1, 10.1.0.2, …
 *   await post('send-otp', { email });
 *   const code = codeMailedTo(t.app, email, 'sign-up');
 *   const token = await verifiedToken(t, post, email, 'sign-up'); // code asked for and verified
 *   const { verify, refresh } = sessionCalls(t);
 *   await verify(accessToken);               // GET /api/auth/verify with the bearer token
 *   await refresh(refreshToken);             // POST /api/auth/refresh with the cookie
 */
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { REFRESH_COOKIE } from '../src/modules/auth/cookies';
import { bearer } from './users';

/**
 * POSTs to /api/auth/<url>, each call from an IP address of its own in 10.<subnet>.0.0/16
 * unless one is given, so the per-IP limits of one test never touch another.
 */
export function authPost(t: { app: FastifyInstance }, subnet: number) {
  let calls = 0;
  const nextIp = () => {
    calls += 1;
    return `10.${subnet}.${Math.floor(calls / 250)}.${(calls % 250) + 1}`;
  };
  return (url: string, payload: unknown, remoteAddress = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/${url}`,
      payload: payload as object,
      remoteAddress,
    });
}

/** The code of the newest sign-up, reset or email change mail the dev outbox kept for the address. */
export function codeMailedTo(
  app: FastifyInstance,
  email: string,
  kind: 'sign-up' | 'password reset' | 'email change',
): string {
  const mail = app.mailer.outbox!.find((m) => m.to === email);
  const code = new RegExp(`${kind} code is (\\d{6})`).exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no ${kind} code mailed to ${email}`);
  return code;
}

type AuthPost = ReturnType<typeof authPost>;

/**
 * Asks for a code for the address (sign-up or reset), verifies the code mailed and returns the
 * verification token the last step needs. The reset mail goes out after the answer: waited for.
 */
export async function verifiedToken(
  t: { app: FastifyInstance },
  post: AuthPost,
  email: string,
  kind: 'sign-up' | 'password reset',
): Promise<string> {
  const [send, verify] =
    kind === 'sign-up' ? ['send-otp', 'verify-otp'] : ['forgot-password', 'verify-reset-code'];
  const sent = await post(send, { email });
  if (sent.statusCode !== 200) throw new Error(`${send} answered ${sent.statusCode}`);
  const otp = await vi.waitFor(() => codeMailedTo(t.app, email, kind));
  const res = await post(verify, { email, otp });
  if (res.statusCode !== 200) throw new Error(`${verify} answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { verificationToken: string }).verificationToken;
}

/** What a signed-in client calls with its tokens: the access token alone, and a refresh. */
export function sessionCalls(t: { app: FastifyInstance }) {
  return {
    verify: (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) }),
    /** Without a token, a refresh with no cookie. */
    refresh: (refreshToken?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        ...(refreshToken ? { cookies: { [REFRESH_COOKIE]: refreshToken } } : {}),
      }),
  };
}
