import {
  formatCents,
  ORDER_MAIL,
  PREORDER,
  type OrderMailKind,
  type RefundStatus,
} from '@otaku/shared';
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
    /** The date it had before staff moved it (decision 170). */
    releaseMovedFrom?: string | null;
    /** Cancelled by the shopper (decision 169), with the card refund it was owed, if any. */
    cancelled?: boolean;
    refund?: { amountCents: number; status: RefundStatus } | null;
  })[];
};

/**
 * What a line says of itself beyond its name: cancelled; or a pre-order's day (and the day it
 * moved from), or that it was released since.
 */
const lineNote = (line: MailedOrder['lines'][number]) => {
  if (line.cancelled) return ` [${ORDER_MAIL.lineCancelled}]`;
  if (!line.releaseDate) return '';
  const day = (line.waitingForRelease ? PREORDER.lineReleases : PREORDER.lineReleased)(
    line.releaseDate,
  );
  const moved = line.releaseMovedFrom ? `; ${PREORDER.movedFrom(line.releaseMovedFrom)}` : '';
  return ` [${day}${moved}]`;
};

/** What went back to the card for cancelled lines, and what is still on its way. */
function refundNotes(order: MailedOrder): string[] {
  const sum = (status: RefundStatus) =>
    order.lines.reduce(
      (cents, l) => cents + (l.refund?.status === status ? l.refund.amountCents : 0),
      0,
    );
  const notes: string[] = [];
  if (sum('refunded') > 0) notes.push(ORDER_MAIL.refunded(formatCents(sum('refunded'))));
  const owed = sum('owed') + sum('failed');
  if (owed > 0) notes.push(ORDER_MAIL.refundOwed(formatCents(owed)));
  return notes;
}

/**
 * An order's e-mail of any kind (decision 109: its confirmation, "shipped"; decision 169: a
 * pre-order cancelled; decision 170: a release date moved), with a plain-text part and an HTML
 * part: the lines, the totals, how it is paid, where it goes and a link to the purchase
 * history, under the heading of its kind.
 */
export function orderMail(kind: OrderMailKind, order: MailedOrder, shopUrl: string): MailMessage {
  const words = ORDER_MAIL[kind];
  const heading = words.heading(order.customerName);
  const lead = words.lead(order.orderNumber);
  const lines = order.lines.map((line) => ({
    label: `${line.quantity} × ${line.productName}${line.variant ? ` (${line.variant})` : ''}${lineNote(line)}`,
    amount: line.cancelled ? formatCents(0) : formatCents(line.priceCents * line.quantity),
  }));
  const coupon = order.couponCode ? ` (${order.couponCode}, ${order.discountPercent}%)` : '';
  const totals: [label: string, amount: string][] = [
    ['Subtotal', formatCents(order.subtotalCents)],
    ['Shipping', formatCents(order.shippingCents)],
  ];
  if (order.discountCents > 0)
    totals.push([`Discount${coupon}`, `-${formatCents(order.discountCents)}`]);
  totals.push(['Total', formatCents(order.totalCents)]);
  const payment = [
    ORDER_MAIL.payment(order.paymentMethod, formatCents(order.totalCents)),
    ...refundNotes(order),
  ].join(' ');
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
