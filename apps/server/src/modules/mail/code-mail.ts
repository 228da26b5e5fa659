import { ACCOUNT, DASHBOARD_RULES, EMAIL_CODE, PAGE_PATHS } from '@otaku/shared';
import type { EmailCodePurpose } from '../../db/schema/index';
import { escapeHtml } from './escape-html';
import type { MailMessage } from './mailer';

/** The kinds of code mail: a sign-up code is worded for the page it is entered on. */
export type CodeMailKind = EmailCodePurpose | 'recruiter';

/** What each kind of code mail says around the code. */
const WORDING: Record<
  CodeMailKind,
  { subject: string; heading: string; lead: string; where: string; ignore: string }
> = {
  signup: {
    subject: ACCOUNT.codeMailSubject,
    heading: 'Welcome to Otaku Shelf!',
    lead: 'Your sign-up code is',
    where: 'on the sign-up page',
    ignore: 'If you did not ask for it, you can ignore this email.',
  },
  recruiter: {
    subject: ACCOUNT.recruiterCodeMailSubject,
    heading: 'Your Otaku Shelf staff account',
    lead: 'Your staff sign-up code is',
    where: 'on the recruiter page',
    ignore: 'If you did not ask for it, you can ignore this email: no account is made without it.',
  },
  reset: {
    subject: ACCOUNT.resetMailSubject,
    heading: 'Reset your Otaku Shelf password',
    lead: 'Your password reset code is',
    where: 'on the password reset page',
    ignore: 'If you did not ask for it, you can ignore this email: your password stays as it is.',
  },
  'email-change': {
    subject: DASHBOARD_RULES.emailChangeMailSubject,
    heading: 'Confirm your new Otaku Shelf email',
    lead: 'Your email change code is',
    where: 'where you are changing your email',
    ignore:
      'If you did not ask for it, you can ignore this email: no account will use this address.',
  },
};

/** A sign-up, password reset or e-mail change code e-mail, with a plain-text and an HTML part. */
export function codeMail(
  purpose: CodeMailKind,
  to: string,
  code: string,
  shopUrl: string,
): MailMessage {
  const words = WORDING[purpose];
  const enter = `Enter it ${words.where} within ${EMAIL_CODE.ttlMinutes} minutes. ${words.ignore}`;
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

/**
 * Mailed instead of a sign-up code to an address that already has an account (decision 132):
 * the answer on the page is the same as for a new address, and the owner learns here what to do.
 */
export function accountExistsMail(to: string, shopUrl: string): MailMessage {
  const login = `${shopUrl}${PAGE_PATHS.login}`;
  const reset = `${shopUrl}${PAGE_PATHS.forgotPassword}`;
  const lead =
    'Someone, perhaps you, tried to create an Otaku Shelf account with this email address. It already has an account.';
  const next = 'Sign in, or reset your password if you forgot it:';
  const ignore = 'If it was not you, you can ignore this email: nothing was changed.';
  const text = [
    lead,
    '',
    next,
    `Sign in: ${login}`,
    `Reset your password: ${reset}`,
    '',
    ignore,
  ].join('\n');
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f9fafb;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">You already have an account</h1>
<p style="margin:0 0 16px">${escapeHtml(lead)}</p>
<p style="margin:0 0 16px">${escapeHtml(next)} ${link(login, 'sign in')} or ${link(reset, 'reset your password')}.</p>
<p style="margin:0">${escapeHtml(ignore)}</p>
</div></body></html>`;
  return { to, subject: ACCOUNT.accountExistsMailSubject, text, html };
}

/**
 * Mailed to the address an account has just left (decision 136), by its holder or by staff: if
 * it was not its holder, they learn it while the shop can still help. The new address is shown
 * only in part, so the mail gives nobody who reads the old mailbox the new one.
 */
export function emailChangedMail(to: string, newEmail: string, shopUrl: string): MailMessage {
  const lead = `The email of your Otaku Shelf account was changed from this address to ${maskEmail(newEmail)}.`;
  const ok = 'If you made this change, there is nothing to do.';
  const notYou =
    'If you did not, contact the shop right away: someone else may be using your account.';
  const text = [lead, '', ok, notYou, '', shopUrl].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f9fafb;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">Your email was changed</h1>
<p style="margin:0 0 16px">${escapeHtml(lead)}</p>
<p style="margin:0 0 16px">${escapeHtml(ok)} ${escapeHtml(notYou)}</p>
<p style="margin:0"><a href="${escapeHtml(shopUrl)}">${escapeHtml(shopUrl)}</a></p>
</div></body></html>`;
  return { to, subject: DASHBOARD_RULES.emailChangedMailSubject, text, html };
}

/** "aiko.tanaka@example.com" as "a•••@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}
