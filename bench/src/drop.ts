/**
 * "A limited drop opens" (decision 166): many shoppers, each on a connection of their own and
 * signed in as themselves, add one unit of the same limited product at the same moment. Not a
 * sustained load like the other scenarios: one burst, timed request by request, then the
 * database says what was held. A drop is right only when exactly its stock is held (none
 * oversold, none left while shoppers were refused) and no shopper holds more than the limit.
 */
import { connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { buildSearchText } from '../../apps/server/src/modules/catalog/search-text';

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

/**
 * A shopper's keep-alive connection that sends requests written out beforehand and reads each
 * answer's status, one at a time. A load generator's own work: the burst's 300 requests leave
 * as 300 socket writes of ready bytes, so the generator, on the same 2 cores as the shop, takes
 * next to none of the time the shop is timed in (an HTTP client library spends about half a
 * millisecond of CPU a request, which a burst of 300 would add to every answer's wait).
 */
class RawConnection {
  private buffered = Buffer.alloc(0);
  private waiting?: { resolve: (status: number) => void; reject: (error: Error) => void };

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.answerIfWhole();
    });
    const fail = (error: Error) => this.waiting?.reject(error);
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  static open(url: URL): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () =>
        resolve(new RawConnection(socket)),
      );
      socket.setNoDelay(true);
      socket.once('error', reject);
    });
  }

  /** Sends `request` (a whole HTTP/1.1 request) and resolves with the answer's status. */
  send(request: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  /** An answer is whole once its head and `content-length` bytes of body are in. */
  private answerIfWhole() {
    const headEnd = this.buffered.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.waiting) return;
    const head = this.buffered.subarray(0, headEnd).toString('latin1');
    // Only answers that say their length are read; another framing would be misread.
    if (/\r\ntransfer-encoding:/i.test(head)) {
      this.waiting.reject(new Error('an answer without content-length'));
      this.waiting = undefined;
      return;
    }
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffered.length < headEnd + 4 + length) return;
    this.buffered = this.buffered.subarray(headEnd + 4 + length);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting.resolve(Number(head.slice(9, 12)));
  }

  close() {
    this.socket.destroy();
  }
}

/** A POST of `body` (JSON) to `path` for the shopper of `token`, as bytes ready to send. */
const post = (url: URL, path: string, token: string, body: string) =>
  Buffer.from(
    `POST ${path} HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${token}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
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
