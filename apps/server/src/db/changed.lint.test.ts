import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository root, where eslint.config.js is. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const RULE = 'otaku-server/writes-tell-changes';

const eslint = new ESLint({ cwd: root });

/** The lines the rule flags when `code` is the file `file` (relative to the root). */
async function flagged(code: string, file: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.line);
}

const imports = `import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productVariants, users } from '../../db/schema/index';
import * as schema from '../../db/schema/index';
`;

/** Every way of writing the cached tables outside their repositories, one per line. */
const writes = `${imports}
export async function stockFixer(db: Db, id: string) {
  await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, id));
  await db.execute(sql\`update product_variants set stock = 0 where product_id = \${id}\`);
  await db.execute(sql\`select * from cart_reserve(\${id}, null, 'x', '', 1, 10, 30, 120)\`);
  await db.delete(users).where(eq(users.id, id));
  await db.insert(schema.products).values([]);
  await db.execute(sql.raw('DELETE FROM "products"'));
}
`;

describe('the lint rule that keeps writes of cached tables where they tell the caches', () => {
  it('flags a write of products, variants, stock or users in any other server file', async () => {
    expect(await flagged(writes, 'apps/server/src/modules/catalog/stock-fixer.ts')).toEqual([
      7, 8, 9, 10, 11, 12,
    ]);
    expect(await flagged(writes, 'apps/server/src/plugins/stock-fixer.ts')).toHaveLength(6);
  });

  it('lets the repositories that tell the change write, and anyone read', async () => {
    expect(await flagged(writes, 'apps/server/src/modules/cart/cart.repo.ts')).toEqual([]);
    const reads = `${imports}
export const stock = (db: Db, id: string) =>
  db.execute(sql\`select stock from product_variants where product_id = \${id}\`);
export const names = (db: Db) => db.select().from(users);
export const lines = (db: Db, id: string) =>
  db.execute(sql\`update cart_items set quantity = 1 where product_id = \${id}\`);
`;
    expect(await flagged(reads, 'apps/server/src/modules/catalog/stock-reader.ts')).toEqual([]);
  });
});
