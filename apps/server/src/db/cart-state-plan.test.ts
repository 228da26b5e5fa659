/**
 * A cart's read (`cart_state`, db/functions/cart-state.sql) takes each line's product by its
 * key, whatever the statistics say (decision 179). Statistics taken while a few carts held many
 * lines, as a busy hour or the bench's load leaves them, made the planner expect a hundred lines
 * a cart and join them with the whole catalog, scanned through: every cart change then paid for
 * the catalog, and a drop's turn of 32 adds took three times as long.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProduct, createUsers } from '../../test/checkout-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { rowsOf } from './prepared';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => testDb.drop());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

it("reads a cart's products by their keys after statistics that expect many lines a cart", async () => {
  const db = testDb.database.db;
  const catalog: string[] = [];
  for (let i = 0; i < 300; i++) catalog.push((await createProduct(db)).id);
  const [busy, other, shopper] = await createUsers(db, 3);
  for (const who of [busy!, other!, shopper!]) {
    await db.execute(sql`insert into carts (id, user_id) values (${`cart-${who.id}`}, ${who.id})`);
  }
  // Two carts of 150 lines each when the statistics are taken, then emptied.
  for (const [who, ids] of [
    [busy!, catalog.slice(0, 150)],
    [other!, catalog.slice(150)],
  ] as const) {
    await db.execute(sql`insert into cart_items (cart_id, user_id, product_id, variant, quantity)
      select ${`cart-${who.id}`}, ${who.id}::uuid, p, '', 1
      from unnest(${`{${ids.join(',')}}`}::text[]) p`);
  }
  await db.execute(sql`analyze cart_items`);
  await db.execute(sql`delete from cart_items`);
  await db.execute(sql`insert into cart_items (cart_id, user_id, product_id, variant, quantity)
    values (${`cart-${shopper!.id}`}, ${shopper!.id}, ${catalog[299]!}, '', 1)`);

  const [explained] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    await db.execute(
      sql`explain (format json) select * from cart_state(${`cart-${shopper!.id}`}::text)`,
    ),
  );
  const productScans = nodesOf(explained!['QUERY PLAN'][0].Plan).filter(
    (node) => node['Relation Name'] === 'products',
  );
  expect(productScans.length).toBeGreaterThan(0);
  for (const scan of productScans) {
    expect(scan['Node Type']).toMatch(/^Index (Only )?Scan$/);
    expect(scan['Index Cond']).toMatch(/product_id/);
  }
  // And the answer is the cart's one line.
  const [state] = rowsOf<{ lines: Array<{ productId: string }> }>(
    await db.execute(sql`select lines from cart_state(${`cart-${shopper!.id}`}::text)`),
  );
  expect(state!.lines.map((line) => line.productId)).toEqual([catalog[299]]);
});
