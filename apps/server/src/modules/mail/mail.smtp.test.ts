/**
 * With SMTP_URL set, the sign-up code goes out over SMTP: a real smtp-server on loopback
 * receives it, and mailparser reads its plain-text and HTML parts.
 */
import { ACCOUNT } from '@otaku/shared';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';

const received: ParsedMail[] = [];
const envelopes: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    envelopes.push(...session.envelope.rcptTo.map((r) => r.address));
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = useTestApp({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  MAIL_FROM: 'Otaku Shelf <codes@otakushelf.test>',
});

describe('the sign-up code e-mail over SMTP', () => {
  it('reaches the SMTP server with a text and an HTML part carrying the same code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { email: 'smtp-reader@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(envelopes).toEqual(['smtp-reader@example.com']);
    const mail = received[0]!;
    expect(mail.subject).toBe(ACCOUNT.codeMailSubject);
    expect(mail.from?.text).toContain('codes@otakushelf.test');
    const code = /sign-up code is (\d{6})/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(`>${code}<`);

    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email: 'smtp-reader@example.com', otp: code },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('keeps nothing in the dev outbox', async () => {
    expect(t.app.mailer.outbox).toBeNull();
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.json()).toEqual({ success: true, smtp: true, messages: [] });
  });
});

describe('GET /api/dev/outbox', () => {
  const dev = useTestApp();
  const production = useTestApp({ NODE_ENV: 'production', DEMO_MODE: 'on' });

  it('lists the mail kept when SMTP_URL is not set', async () => {
    await dev.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { email: 'outbox@example.com' },
    });
    const res = await dev.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      smtp: false,
      messages: [{ to: 'outbox@example.com', subject: ACCOUNT.codeMailSubject }],
    });
  });

  it('answers no caller from another machine', async () => {
    await dev.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { email: 'elsewhere@example.com' },
    });
    for (const remoteAddress of ['10.9.0.1', '192.168.1.20', '::ffff:10.0.0.7', '2001:db8::1']) {
      const res = await dev.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('elsewhere@example.com');
    }
    // Nor does a header claiming to be this machine make it so.
    const forwarded = await dev.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(404);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await dev.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(res.statusCode).toBe(200);
    }
  });

  it('does not exist in production', async () => {
    const res = await production.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });
});
