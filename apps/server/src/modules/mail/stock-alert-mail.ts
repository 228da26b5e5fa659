import { PAGE_PATHS, STOCK_ALERT_MAIL } from '@otaku/shared';
import { escapeHtml } from './escape-html';
import type { MailMessage } from './mailer';

export interface MailedAlert {
  email: string;
  username: string;
  productId: string;
  productName: string;
  variant: string;
}

/**
 * The back-in-stock e-mail (decision 168): which product and variant is back, a link to its
 * page, and the unsubscribe link, also in the List-Unsubscribe headers (RFC 2369, RFC 8058), so
 * a mail program's own button unsubscribes with one POST to the API, and the link in the body
 * opens a page that asks for one click (a GET never changes anything: mail scanners open links).
 */
export function stockAlertMail(alert: MailedAlert, shopUrl: string, token: string): MailMessage {
  const base = shopUrl.replace(/\/$/, '');
  const product = `${base}${PAGE_PATHS.shop}/${encodeURIComponent(alert.productId)}`;
  const query = new URLSearchParams({ token }).toString();
  const page = `${base}${PAGE_PATHS.unsubscribe}?${query}`;
  const oneClick = `${base}/api/stock-alerts/unsubscribe?${query}`;
  const heading = STOCK_ALERT_MAIL.heading(alert.username);
  const lead = STOCK_ALERT_MAIL.lead(alert.productName, alert.variant);
  const text = [
    heading,
    '',
    lead,
    '',
    `${STOCK_ALERT_MAIL.productLink}: ${product}`,
    '',
    `${STOCK_ALERT_MAIL.unsubscribeLink}: ${page}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f9fafb;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px">${escapeHtml(lead)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(product)}">${escapeHtml(STOCK_ALERT_MAIL.productLink)}</a></p>
<p style="margin:0;font-size:13px;color:#4b5563"><a href="${escapeHtml(page)}" style="color:#4b5563">${escapeHtml(STOCK_ALERT_MAIL.unsubscribeLink)}</a></p>
</div></body></html>`;
  return {
    to: alert.email,
    subject: STOCK_ALERT_MAIL.subject(alert.productName),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
