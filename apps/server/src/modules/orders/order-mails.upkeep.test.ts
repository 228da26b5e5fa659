/**
 * The order mail queue's upkeep (decision 121), on a database alone: no app, so no sender of
 * its own takes the rows these tests set up.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { rowsOf } from '../../db/prepared';
import { orderMails } from '../../db/schema/index';
import { createUser } from '../../../test/checkout-fixtures';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers';
import { insertOrder } from '../../../test/staff';
import type { MailMessage, Mailer } from '../mail/mailer';
import { pruneSentOrderMails } from './order-mail-retention';
import { ORDER_MAIL_TRIES, sendDueOrderMails } from './order-mails';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.drop());

type MailRow = Partial<typeof orderMails.$inferInsert>;

/** Orders that each owe a confirmation, due now unless `mails` says otherwise; their ids. */
async function owedConfirmations(count: number, ...mails: MailRow[][]): Promise<string[]> {
  const customer = await createUser(testDb.database.db);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const order = await insertOrder(testDb.database, customer);
    const rows = mails[i] ?? [{}];
    await testDb.database.db
      .insert(orderMails)
      .values(rows.map((row) => ({ orderId: order.id, kind: 'confirmation' as const, ...row })));
    ids.push(order.id);
  }
  return ids;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const sentDaysAgo = (days: number, kind: 'confirmation' | 'shipped' = 'confirmation') => ({
  kind,
  attempts: 1,
  sentAt: daysAgo(days),
});

const rowsOfOrders = async (ids: string[]) =>
  rowsOf<{ order_id: string; kind: string; attempts: number; sent: boolean; due: boolean }>(
    await testDb.database.db.execute(sql`
      select order_id, kind, attempts, sent_at is not null as sent, not_before <= now() as due
      from order_mails where order_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );

describe('the order mail sender while the app closes', () => {
  it('stops before the next mail and gives back the ones it took, due now, their try unspent', async () => {
    const ids = await owedConfirmations(3);
    const closing = new AbortController();
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      outbox: null,
      close: () => {},
      send: async (message) => {
        sent.push(message);
        closing.abort();
      },
    };
    const deps = { db: testDb.database.db, mailer, log: pino({ level: 'silent' }), shopUrl: '' };
    expect(await sendDueOrderMails(deps, closing.signal)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    const rows = await rowsOfOrders(ids);
    expect(rows.filter((r) => r.sent).map((r) => r.attempts)).toEqual([1]);
    expect(rows.filter((r) => !r.sent)).toEqual([
      expect.objectContaining({ attempts: 0, due: true }),
      expect.objectContaining({ attempts: 0, due: true }),
    ]);

    // Aborted before it starts, it takes nothing.
    expect(await sendDueOrderMails(deps, closing.signal)).toEqual({ sent: 0, failed: 0 });
    expect(await rowsOfOrders(ids)).toEqual(rows);
  });
});

describe('order e-mails kept (decision 121)', () => {
  /** What is left of the orders' mails: [which order, kind, sent]. */
  const left = async (ids: string[]) =>
    (await rowsOfOrders(ids))
      .map((r) => [ids.indexOf(r.order_id), r.kind, r.sent] as const)
      .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));

  it('removes those sent more than 90 days ago, keeps those sent since and those not sent', async () => {
    const ids = await owedConfirmations(
      4,
      [sentDaysAgo(91), sentDaysAgo(89, 'shipped')],
      // Given up long ago (its next try never comes): the dashboard shows it, can send it again.
      [{ attempts: ORDER_MAIL_TRIES, notBefore: new Date('9999-12-31') }],
      // Still being tried.
      [{ attempts: 2, notBefore: new Date(Date.now() + 3_600_000) }],
      [sentDaysAgo(365)],
    );
    expect(await pruneSentOrderMails(testDb.database.db)).toBe(2);
    expect(await left(ids)).toEqual([
      [0, 'shipped', true],
      [1, 'confirmation', false],
      [2, 'confirmation', false],
    ]);
  });

  it('removes them in batches until none is left', async () => {
    const old = Array.from({ length: 5 }, (_, i) => [sentDaysAgo(100 + i)]);
    const ids = await owedConfirmations(5, ...old);
    expect(await pruneSentOrderMails(testDb.database.db, { batch: 2 })).toBe(5);
    expect(await rowsOfOrders(ids)).toEqual([]);
  });

  it('runs soon after the app starts', async () => {
    const [id] = await owedConfirmations(1, [sentDaysAgo(120)]);
    const app = await buildApp({ config: testConfig(), database: testDb.database });
    try {
      await app.ready();
      await vi.waitFor(async () => expect(await rowsOfOrders([id!])).toEqual([]), {
        timeout: 5_000,
      });
    } finally {
      await app.close();
    }
  });
});
