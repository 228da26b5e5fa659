/** Helpers for the seed tests: a logger that keeps its lines, and row counts of every table. */
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Database } from '../client';
import * as schema from '../schema/index';

export interface CapturedLog {
  log: FastifyBaseLogger;
  lines: () => { level: number; msg: string }[];
}

export function captureLog(): CapturedLog {
  const raw: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void raw.push(line) });
  return {
    log: log as unknown as FastifyBaseLogger,
    lines: () => raw.map((line) => JSON.parse(line) as { level: number; msg: string }),
  };
}

const TABLES = {
  users: schema.users,
  products: schema.products,
  productVariants: schema.productVariants,
  coupons: schema.coupons,
  couponUses: schema.couponUses,
  orders: schema.orders,
  orderLines: schema.orderLines,
  appMeta: schema.appMeta,
};

export async function countRows(database: Database): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(
      async ([name, table]) => [name, await database.db.$count(table)] as const,
    ),
  );
  return Object.fromEntries(entries);
}

/** The password in the one-time credentials line for an email, if that line was logged. */
export function loggedPassword(lines: { msg: string }[], email: string): string | undefined {
  const pattern = new RegExp(`email ${email.replace(/\./g, '\\.')} password (\\S+)`);
  for (const { msg } of lines) {
    const match = pattern.exec(msg ?? '');
    if (match) return match[1];
  }
  return undefined;
}
