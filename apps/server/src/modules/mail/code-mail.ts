import { ACCOUNT, EMAIL_CODE } from '@otaku/shared';
import type { EmailCodePurpose } from '../../db/schema/index';
import { escapeHtml } from './escape-html';
import type { MailMessage } from './mailer';

/** What each kind of code mail says around the code. */
const WORDING: Record<
  EmailCodePurpose,
  { subject: string; heading: string; lead: string; page: string; ignore: string }
> = {
  signup: {
    subject: ACCOUNT.codeMailSubject,
    heading: 'Welcome to Otaku Shelf!',
    lead: 'Your sign-up code is',
    page: 'the sign-up page',
    ignore: 'If you did not ask for it, you can ignore this email.',
  },
  reset: {
    subject: ACCOUNT.resetMailSubject,
    heading: 'Reset your Otaku Shelf password',
    lead: 'Your password reset code is',
    page: 'the password reset page',
    ignore: 'If you did not ask for it, you can ignore this email: your password stays as it is.',
  },
};

/** A sign-up or password reset code e-mail, with a plain-text part and an HTML part. */
export function codeMail(
  purpose: EmailCodePurpose,
  to: string,
  code: string,
  shopUrl: string,
): MailMessage {
  const words = WORDING[purpose];
  const enter = `Enter it on ${words.page} within ${EMAIL_CODE.ttlMinutes} minutes. ${words.ignore}`;
  const text = [words.heading, '', `${words.lead} ${code}`, '', enter, '', shopUrl].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f9fafb;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${words.heading}</h1>
<p style="margin:0 0 8px">${words.lead}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:0 0 16px" data-code>${escapeHtml(code)}</p>
<p style="margin:0 0 16px">${enter}</p>
<p style="margin:0"><a href="${escapeHtml(shopUrl)}">${escapeHtml(shopUrl)}</a></p>
</div></body></html>`;
  return { to, subject: words.subject, text, html };
}
