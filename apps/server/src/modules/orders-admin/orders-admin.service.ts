/** The dashboard's order calls: the paged list, stats, status changes, revenue and low stock. */
import {
  DASHBOARD_RULES,
  LOW_STOCK_THRESHOLD,
  PAGE_SIZE,
  toDollars,
  type DashboardOrder,
  type LowStockItem,
  type OrderMailKind,
  type OrderMailStatus,
  type OrderStats,
  type OrderStatus,
  type RevenueDay,
} from '@otaku/shared';
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { ORDER_MAIL_TRIES } from '../orders/order-mails';
import { oweOrderMail } from '../orders/orders.repo';
import { toDashboardOrder } from './order-dto';
import * as repo from './orders-admin.repo';
import type { ImageUrl } from '../../lib/image-urls';

export const LOW_STOCK_LIMIT = 20;
export const REVENUE_DAYS = 30;

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/**
 * A page of orders, newest first: all of them, or only those short of stock (decision 138),
 * waiting for a release (decision 167), or both.
 */
export async function listOrders(
  db: Db,
  page: number,
  filter: repo.OrderListFilter,
  imageUrl: ImageUrl,
) {
  const size = PAGE_SIZE.dashboard;
  const rows = await repo.listOrders(db, size, (page - 1) * size, filter);
  const total = rows[0]?.total ?? (await repo.countFilteredOrders(db, filter));
  const orders: DashboardOrder[] = rows.map((row) => toDashboardOrder(row, row.lines, imageUrl));
  return { orders, total, totalPages: pageCount(total, size) };
}

export async function orderStats(db: Executor): Promise<OrderStats> {
  const stats: OrderStats = { pending: 0, processing: 0, shipped: 0, delivered: 0 };
  for (const { status, n } of await repo.countByStatus(db))
    if (status in stats) stats[status as keyof OrderStats] = n;
  return stats;
}

/**
 * Sets an order's status. Marking it shipped owes the shopper the "shipped" e-mail, once per
 * order however often the status goes back and forth (decision 109). Returns whether a mail
 * became owed, so the caller can have it sent.
 */
export async function updateStatus(db: Db, id: string, status: OrderStatus): Promise<boolean> {
  return db.transaction(async (tx) => {
    const orderId = await repo.setStatus(tx, id, status);
    if (!orderId) throw notFound(DASHBOARD_RULES.orderNotFound);
    return status === 'shipped' && oweOrderMail(tx, orderId, 'shipped');
  });
}

export async function deleteOrder(db: Executor, id: string) {
  if (!(await repo.deleteOrder(db, id))) throw notFound(DASHBOARD_RULES.orderNotFound);
}

/**
 * Where each e-mail of an order stands (decision 115): sent, still being tried, or given up
 * after its last try failed.
 */
export async function orderMailStatuses(
  db: Executor,
  id: string,
): Promise<{ to: string; mails: OrderMailStatus[] }> {
  const rows = await repo.mailsOfOrder(db, id);
  if (rows.length === 0) throw notFound(DASHBOARD_RULES.orderNotFound);
  const mails = rows.flatMap(({ kind, attempts, notBefore, sentAt }): OrderMailStatus[] => {
    if (kind === null || attempts === null) return [];
    const status = { kind, tries: attempts, sentAt: null, nextTryAt: null };
    if (sentAt) return [{ ...status, state: 'sent', sentAt: sentAt.toISOString() }];
    if (attempts >= ORDER_MAIL_TRIES) return [{ ...status, state: 'failed' }];
    return [{ ...status, state: 'waiting', nextTryAt: notBefore?.toISOString() ?? null }];
  });
  return { to: rows[0]!.to, mails };
}

/** Has the order's e-mail of this kind sent (again) as soon as the sender runs. */
export async function resendOrderMail(db: Executor, id: string, kind: OrderMailKind) {
  if (await repo.makeMailDue(db, id, kind)) return;
  throw notFound(
    (await repo.orderExists(db, id)) ? DASHBOARD_RULES.mailNotOwed : DASHBOARD_RULES.orderNotFound,
  );
}

export const countGivenUpMails = (db: Executor) => repo.countGivenUpMails(db);
export const resendGivenUpMails = (db: Executor) => repo.makeGivenUpMailsDue(db);

/** The last 30 UTC days, oldest first, each with cash and card revenue in dollars. */
export async function revenue(db: Executor, now: Date = new Date()): Promise<RevenueDay[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = new Date(today - (REVENUE_DAYS - 1) * 86_400_000);
  const rows = await repo.revenueSince(db, first);
  return Array.from({ length: REVENUE_DAYS }, (_, i) => {
    const date = new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const cents = (method: 'cod' | 'card') =>
      rows.find((r) => r.day === date && r.method === method)?.cents ?? 0;
    return { date, cash: toDollars(cents('cod')), card: toDollars(cents('card')) };
  });
}

export async function lowStock(db: Executor): Promise<LowStockItem[]> {
  return repo.lowStock(db, LOW_STOCK_THRESHOLD, LOW_STOCK_LIMIT);
}
