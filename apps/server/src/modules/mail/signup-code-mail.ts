import { ACCOUNT, SIGNUP_CODE } from '@otaku/shared';
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sign-up code e-mail, with a plain-text part and an HTML part. */
export function signupCodeMail(to: string, code: string, shopUrl: string): MailMessage {
  const minutes = SIGNUP_CODE.ttlMinutes;
  const text = [
    'Welcome to Otaku Shelf!',
    '',
    `Your sign-up code is ${code}`,
    '',
    `Enter it on the sign-up page within ${minutes} minutes. If you did not ask for it, you can ignore this email.`,
    '',
    shopUrl,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f9fafb;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">Welcome to Otaku Shelf!</h1>
<p style="margin:0 0 8px">Your sign-up code is</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:0 0 16px" data-code>${escapeHtml(code)}</p>
<p style="margin:0 0 16px">Enter it on the sign-up page within ${minutes} minutes. If you did not ask for it, you can ignore this email.</p>
<p style="margin:0"><a href="${escapeHtml(shopUrl)}">${escapeHtml(shopUrl)}</a></p>
</div></body></html>`;
  return { to, subject: ACCOUNT.codeMailSubject, text, html };
}
