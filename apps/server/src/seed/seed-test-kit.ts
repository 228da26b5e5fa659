/** Helpers for the seed tests: a logger that keeps its lines, and row counts of every table. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Database } from '../db/client';
import * as schema from '../db/schema/index';
import { CREDENTIALS_FILE } from './credentials-file';

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

/** The generated password kept for an email in DATA_DIR's credentials file, if any. */
export function keptPassword(dataDir: string, email: string): string | undefined {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  if (!existsSync(file)) return undefined;
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.split(' ')[2] === email);
  return line?.split(' ')[3];
}

/** How many lines of a log hold `text` anywhere. */
export const linesHolding = (lines: object[], text: string) =>
  lines.filter((line) => JSON.stringify(line).includes(text)).length;
