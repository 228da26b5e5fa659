import { ORDER_STATUSES } from '@otaku/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index';
import { useTestApp } from '../../../test/helpers';
import { createAccount, insertOrder, type TestAccount } from '../../../test/staff';
import { countByStatus, countOrders } from './orders-admin.repo';

const t = useTestApp();
let shopper: TestAccount;

beforeAll(async () => {
  shopper = await createAccount(t.database, t.config.jwtSecret, 'user');
});

/** What counting every order says, status by status. */
async function countedTheSlowWay() {
  const result = await t.database.db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from orders group by status`,
  );
  const rows = (result as unknown as { rows: Array<{ status: string; n: number }> }).rows;
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

async function countedByTheCounters() {
  const rows = await countByStatus(t.database.db);
  return Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [r.status, r.n]));
}

describe('order status counters', () => {
  it('follow every insert, status change and delete of an order', async () => {
    const placed = [];
    for (let i = 0; i < 12; i++) {
      const status = ORDER_STATUSES[i % ORDER_STATUSES.length]!;
      placed.push(await insertOrder(t.database, shopper, { status }));
    }
    expect(await countedByTheCounters()).toEqual(await countedTheSlowWay());
    expect(await countOrders(t.database.db)).toBe(12);

    await t.database.db
      .update(orders)
      .set({ status: 'delivered' })
      .where(eq(orders.id, placed[0]!.id));
    // Setting the status it already has changes nothing.
    await t.database.db
      .update(orders)
      .set({ status: 'delivered' })
      .where(eq(orders.id, placed[0]!.id));
    await t.database.db.update(orders).set({ shippingAddress: 'Elsewhere' });
    await t.database.db.delete(orders).where(eq(orders.id, placed[1]!.id));
    expect(await countedByTheCounters()).toEqual(await countedTheSlowWay());
    expect(await countOrders(t.database.db)).toBe(11);
  });

  it('are not changed by an order whose transaction rolls back', async () => {
    const before = await countedByTheCounters();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(orders).set({ status: 'shipped' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await countedByTheCounters()).toEqual(before);
  });
});
