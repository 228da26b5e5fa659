/**
 * The order mail queue's upkeep (decision 121), on a database alone: no app, so no sender of
 * its own takes the rows these tests set up.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/prepared';
import { orderMails } from '../../db/schema/index';
import { createUser } from '../../../test/checkout-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { insertOrder } from '../../../test/staff';
import type { MailMessage, Mailer } from '../mail/mailer';
import { sendDueOrderMails } from './order-mails';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.drop());

/** Orders that each owe a confirmation, due now; their ids. */
async function owedConfirmations(count: number): Promise<string[]> {
  const customer = await createUser(testDb.database.db);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const order = await insertOrder(testDb.database, customer);
    await testDb.database.db.insert(orderMails).values({ orderId: order.id, kind: 'confirmation' });
    ids.push(order.id);
  }
  return ids;
}

const rowsOfOrders = async (ids: string[]) =>
  rowsOf<{ order_id: string; attempts: number; sent: boolean; due: boolean }>(
    await testDb.database.db.execute(sql`
      select order_id, attempts, sent_at is not null as sent, not_before <= now() as due
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
