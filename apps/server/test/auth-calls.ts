/**
 * Calls to /api/auth for the account tests:
 *
 *   const post = authPost(t, 1);             // from 10.1.0.1, 10.1.0.2, …
 *   await post('send-otp', { email });
 *   const code = codeMailedTo(t.app, email, 'sign-up');
 */
import type { FastifyInstance } from 'fastify';

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

/** The code of the newest sign-up or reset mail the dev outbox kept for the address. */
export function codeMailedTo(
  app: FastifyInstance,
  email: string,
  kind: 'sign-up' | 'password reset',
): string {
  const mail = app.mailer.outbox!.find((m) => m.to === email);
  const code = new RegExp(`${kind} code is (\\d{6})`).exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no ${kind} code mailed to ${email}`);
  return code;
}
