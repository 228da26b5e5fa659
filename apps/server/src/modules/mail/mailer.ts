/**
 * Outgoing e-mail. With SMTP_URL set, mail goes out over SMTP through nodemailer; without
 * it, a dev outbox keeps the last messages in memory, so sign-up works on a fresh machine (the
 * code is read at GET /api/dev/outbox). The log names a kept mail's address and subject only:
 * its body holds codes and links that are secrets (DESIGN.md §8).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on the back-in-stock e-mail. */
  headers?: Record<string, string>;
}

export interface OutboxEntry extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

export interface Mailer {
  send: (message: MailMessage) => Promise<void>;
  /** The dev outbox, newest first; null when mail goes out over SMTP. */
  outbox: OutboxEntry[] | null;
  close: () => void;
}

const OUTBOX_SIZE = 50;

export const NO_SMTP_IN_PRODUCTION =
  'SMTP_URL is not set: no e-mail is sent, so nobody receives sign-up or password reset codes or order e-mails; each message is only kept in memory';

/**
 * The mailer the configuration asks for. In production without SMTP_URL it says so once at
 * start: shoppers would wait for sign-up codes that only the log holds.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string; production: boolean },
  log: FastifyBaseLogger,
): Mailer {
  const { smtpUrl, from, production } = options;
  if (smtpUrl) {
    // The time limits are connection options beside the URL (a second argument would be
    // defaults merged into every message, where they do nothing).
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      outbox: null,
      send: async (message) => {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }

  if (production) log.warn(NO_SMTP_IN_PRODUCTION);
  const outbox: OutboxEntry[] = [];
  return {
    outbox,
    send: async (message) => {
      const entry = { id: randomUUID(), from, sentAt: new Date().toISOString(), ...message };
      outbox.unshift(entry);
      outbox.length = Math.min(outbox.length, OUTBOX_SIZE);
      log.info(
        { mail: { to: entry.to, subject: entry.subject } },
        'dev outbox: mail kept at /api/dev/outbox because SMTP_URL is not set',
      );
    },
    close: () => {},
  };
}
