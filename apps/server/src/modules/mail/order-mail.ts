import { formatDollars, ORDER_MAIL, PREORDER, toDollars, type OrderMailKind } from '@otaku/shared';
import type { orderLines, orders } from '../../db/schema/index';
import { escapeHtml } from './escape-html';
import type { MailMessage } from './mailer';

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** What an order's e-mails say about it: its row and lines as the database has them. */
export type MailedOrder = Pick<
  OrderRow,
  | 'orderNumber'
  | 'customerName'
  | 'customerEmail'
  | 'paymentMethod'
  | 'shippingAddress'
  | 'subtotalCents'
  | 'shippingCents'
  | 'discountCents'
  | 'totalCents'
  | 'couponCode'
  | 'discountPercent'
> & {
  lines: readonly (Pick<OrderLineRow, 'productName' | 'variant' | 'quantity' | 'priceCents'> & {
    /** A pre-ordered line's release date (decision 167), and whether it is still ahead. */
    releaseDate?: string | null;
    waitingForRelease?: boolean;
  })[];
};

/** What a line says of its release: a pre-order's day, or that it was released since. */
const releaseNote = (line: MailedOrder['lines'][number]) =>
  line.releaseDate
    ? ` [${(line.waitingForRelease ? PREORDER.lineReleases : PREORDER.lineReleased)(line.releaseDate)}]`
    : '';

const money = (cents: number) => formatDollars(toDollars(cents));

/**
 * An order's confirmation or "shipped" e-mail (decision 109), with a plain-text part and an
 * HTML part: the lines, the totals, how it is paid, where it goes and a link to the purchase
 * history, under the heading of its kind.
 */
export function orderMail(kind: OrderMailKind, order: MailedOrder, shopUrl: string): MailMessage {
  const words = ORDER_MAIL[kind];
  const heading = words.heading(order.customerName);
  const lead = words.lead(order.orderNumber);
  const lines = order.lines.map((line) => ({
    label: `${line.quantity} × ${line.productName}${line.variant ? ` (${line.variant})` : ''}${releaseNote(line)}`,
    amount: money(line.priceCents * line.quantity),
  }));
  const coupon = order.couponCode ? ` (${order.couponCode}, ${order.discountPercent}%)` : '';
  const totals: [label: string, amount: string][] = [
    ['Subtotal', money(order.subtotalCents)],
    ['Shipping', money(order.shippingCents)],
  ];
  if (order.discountCents > 0) totals.push([`Discount${coupon}`, `-${money(order.discountCents)}`]);
  totals.push(['Total', money(order.totalCents)]);
  const payment = ORDER_MAIL.payment(order.paymentMethod, money(order.totalCents));
  const history = `${shopUrl.replace(/\/$/, '')}/history`;
  const text = [
    heading,
    '',
    lead,
    ...lines.map((l) => `- ${l.label}: ${l.amount}`),
    '',
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    '',
    payment,
    `Delivery address: ${order.shippingAddress}`,
    '',
    `${ORDER_MAIL.historyLink}: ${history}`,
  ].join('\n');
  const row = (label: string, amount: string, strong = false) =>
    `<tr><td style="padding:4px 0${strong ? ';font-weight:700' : ''}">${escapeHtml(label)}</td>` +
    `<td style="padding:4px 0;text-align:right${strong ? ';font-weight:700' : ''}">${escapeHtml(amount)}</td></tr>`;
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f9fafb;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;color:#4b5563">${escapeHtml(lead)}</p>
<table style="width:100%;border-collapse:collapse;margin:0 0 8px">${lines.map((l) => row(l.label, l.amount)).join('')}</table>
<table style="width:100%;border-collapse:collapse;border-top:1px solid #e5e7eb;margin:0 0 16px">${totals
    .map(([label, amount], i) => row(label, amount, i === totals.length - 1))
    .join('')}</table>
<p style="margin:0 0 8px">${escapeHtml(payment)}</p>
<p style="margin:0 0 16px">Delivery address: ${escapeHtml(order.shippingAddress)}</p>
<p style="margin:0"><a href="${escapeHtml(history)}">${escapeHtml(ORDER_MAIL.historyLink)}</a></p>
</div></body></html>`;
  return { to: order.customerEmail, subject: words.subject(order.orderNumber), text, html };
}
