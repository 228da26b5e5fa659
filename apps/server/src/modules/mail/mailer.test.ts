import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer, NO_SMTP_IN_PRODUCTION } from './mailer';

/** A logger that keeps what was warned and logged. */
function recordingLog() {
  const warned: unknown[] = [];
  const logged: unknown[] = [];
  const log = {
    warn: (...args: unknown[]) => warned.push(args.at(-1)),
    info: (...args: unknown[]) => logged.push(args),
  } as unknown as FastifyBaseLogger;
  return { log, warned, logged };
}

const from = 'Otaku Shelf <no-reply@otakushelf.test>';

describe('createMailer', () => {
  it('in production without SMTP_URL warns once at start that no e-mail is sent', async () => {
    const { log, warned, logged } = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, from, production: true }, log);
    expect(warned).toEqual([NO_SMTP_IN_PRODUCTION]);
    await mailer.send({ to: 'fan@example.com', subject: 'Code', text: '123456', html: '' });
    expect(mailer.outbox).toHaveLength(1);
    expect(logged).toHaveLength(1);
    expect(warned).toHaveLength(1);
  });

  it('outside production keeps mail in the outbox without a warning', () => {
    const { log, warned } = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, from, production: false }, log);
    expect(mailer.outbox).toEqual([]);
    expect(warned).toEqual([]);
  });

  it('with SMTP_URL has no outbox and no warning, in production too', () => {
    const { log, warned } = recordingLog();
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', from, production: true }, log);
    expect(mailer.outbox).toBeNull();
    expect(warned).toEqual([]);
    mailer.close();
  });
});
