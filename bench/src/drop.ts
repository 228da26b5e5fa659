/**
 * "A limited drop opens" (decision 166): many shoppers, each on a connection of their own and
 * signed in as themselves, add one unit of the same limited product at the same moment. Not a
 * sustained load like the other scenarios: one burst, timed request by request, then the
 * database says what was held. A drop is right only when exactly its stock is held (none
 * oversold, none left while shoppers were refused) and no shopper holds more than the limit.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { buildSearchText } from '../../apps/server/src/modules/catalog/search-text';
import { RawConnection, requestBytes } from './raw-http';

/** The drop as the bench sets it up: a figure of `stock` units, `limit` per customer. */
export interface DropSetup {
  productId: string;
  stock: number;
  limit: number;
  /** How many shoppers come at once (each its own connection and session). */
  shoppers: number;
}

export interface DropResult extends DropSetup {
  p50: number;
  p99: number;
  max: number;
  /** Answers other than 200 (added) and 409 (sold out, or the limit), and failed requests. */
  errors: number;
  statuses: Record<string, number>;
  /** Units the shoppers' carts hold of the product afterwards. */
  held: number;
  /** Units held beyond the stock there was (the database's CHECK should make this 0). */
  oversold: number;
  /** Units still on sale although some shoppers were refused (should be 0). */
  unsold: number;
  /** Shoppers holding more than the limit. */
  aboveLimit: number;
}

const DROP_ID = 'TOY-DROP00';

/** The scenario's name in the report, and the word `--only` picks it by. */
export const DROP_NAME = 'a limited drop opens';

/** Adds the drop to a generated catalog: on sale from now (the moment the burst tests). */
export async function addDrop(database: Database, setup: Omit<DropSetup, 'productId'>) {
  const product = {
    name: 'Limited drop figure',
    description: 'A numbered edition for the drop.',
    category: 'toys',
    toyType: 'action-figure',
  } as const;
  await database.db.execute(sql`insert into products (id, name, description, price_cents,
      category, image, toy_type, search_text, limit_per_customer, sale_starts_at)
    values (${DROP_ID}, ${product.name}, ${product.description}, 18999, ${product.category},
      '/uploads/products/bench', ${product.toyType}, ${buildSearchText(product)}, ${setup.limit}, now())`);
  await database.db.execute(sql`insert into product_variants (product_id, variant, stock)
    values (${DROP_ID}, '', ${setup.stock})`);
  return { ...setup, productId: DROP_ID };
}

const round = (n: number) => Math.round(n * 100) / 100;
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** What a burst's answers and the carts afterwards say, against the drop's stock and limit. */
export function summariseDrop(
  setup: DropSetup,
  answers: Array<{ ms: number; status: number | 'failed' }>,
  heldPerShopper: number[],
  stockLeft: number,
): DropResult {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const held = heldPerShopper.reduce((a, b) => a + b, 0);
  const refused = statuses['409'] ?? 0;
  return {
    ...setup,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    errors: answers.filter((a) => a.status !== 200 && a.status !== 409).length,
    statuses,
    held,
    oversold: Math.max(0, held - setup.stock),
    unsold: refused > 0 ? Math.max(0, stockLeft) : 0,
    aboveLimit: heldPerShopper.filter((n) => n > setup.limit).length,
  };
}

/** A POST of `body` (JSON) to `path` for the shopper of `token`, as bytes ready to send. */
const post = (url: URL, path: string, token: string, body: string) =>
  requestBytes(
    url,
    'POST',
    path,
    { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  );

/**
 * The burst: a connection per shopper, opened beforehand as a browser's would be by the page
 * the shopper waits on, each having read its shopper's cart (so the server knows the session,
 * as it does a browsing shopper's); then every shopper's add sent at once, each answer timed
 * from its own request.
 */
export async function sendDrop(baseUrl: string, setup: DropSetup, tokens: string[]) {
  const url = new URL(baseUrl);
  const connections = await Promise.all(tokens.map(() => RawConnection.open(url)));
  try {
    await Promise.all(connections.map((c, i) => c.send(post(url, '/api/cart', tokens[i]!, '{}'))));
    const body = JSON.stringify({ productId: setup.productId, variant: '', quantity: 1 });
    const adds = tokens.map((token) => post(url, '/api/reserveStock', token, body));
    return await Promise.all(
      connections.map(async (connection, i) => {
        const started = performance.now();
        try {
          const status = await connection.send(adds[i]!);
          return { ms: performance.now() - started, status };
        } catch {
          return { ms: performance.now() - started, status: 'failed' as const };
        }
      }),
    );
  } finally {
    for (const c of connections) c.close();
  }
}

/** What the carts hold of the drop afterwards, per shopper, and the stock left. */
export async function readDrop(database: Database, setup: DropSetup) {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const held = rows<{ n: number }>(
    await database.db.execute(sql`select sum(quantity)::int n from cart_items
      where product_id = ${setup.productId} group by cart_id`),
  ).map((r) => Number(r.n));
  const [left] = rows<{ stock: number }>(
    await database.db.execute(
      sql`select stock from product_variants where product_id = ${setup.productId}`,
    ),
  );
  return { held, stockLeft: Number(left?.stock ?? 0) };
}
