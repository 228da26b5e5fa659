/**
 * Every API route against generated and hostile input: never a 500, never a hang, every
 * rejection a 4xx with a clear message, and a rejected request changes nothing.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCatalogProduct } from './catalog-factories';
import { useTestApp } from './helpers';
import { fromSchema, hostileString, toQueryString } from './hostile-input';
import { createUser, tokenFor } from './users';

const t = useTestApp();
const tokens: Record<string, string | undefined> = { guest: undefined };

interface Operation {
  method: string;
  path: string;
  body?: object;
  query?: object;
  params: string[];
}

function operations(): Operation[] {
  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: object }> };
          parameters?: Array<{ in: string; name: string; schema?: object }>;
        }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const query = op.parameters?.filter((p) => p.in === 'query') ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        body: op.requestBody?.content?.['application/json']?.schema,
        query: query.length
          ? {
              type: 'object',
              properties: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])),
            }
          : undefined,
        params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      });
    }
  }
  return ops;
}

/** A fingerprint of everything a request could change, except throttling counters. */
async function fingerprint(): Promise<string> {
  const result = await t.database.db.execute(sql`
    select (select count(*) from users) || ':' || (select string_agg(role, ',' order by id) from users)
      || ':' || (select count(*) from products) || ':' || (select coalesce(sum(stock), 0) from product_variants)
      || ':' || (select count(*) from cart_items) || ':' || (select count(*) from coupons)
      || ':' || (select count(*) from coupon_uses) || ':' || (select count(*) from orders)
      || ':' || (select coalesce(string_agg(status, ',' order by id), '') from orders)
      || ':' || (select count(*) from refresh_tokens where revoked_at is null)
      || ':' || (select count(*) from checkout_snapshots) as f`);
  return String((result as unknown as { rows: Array<{ f: string }> }).rows[0]!.f);
}

beforeAll(async () => {
  await createCatalogProduct(t.database.db, { category: 'comics' });
  await createCatalogProduct(t.database.db, { category: 'toys' });
  for (const role of ['user', 'admin', 'superAdmin'] as const) {
    tokens[role] = await tokenFor(t, await createUser(t.database, { role }));
  }
});

describe('every API route under hostile input', () => {
  it('lists the routes it covers', () => {
    expect(operations().length).toBeGreaterThan(5);
  });

  it('never answers 5xx, never hangs, and rejects with a clear message without side effects', async () => {
    const ops = operations();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ops),
        fc.constantFrom('guest', 'user', 'admin', 'superAdmin'),
        fc.context(),
        fc.gen(),
        async (op, who, ctx, g) => {
          const path = op.path.replace(/\{(\w+)\}/g, () =>
            encodeURIComponent(String(g(() => hostileString))),
          );
          const query = op.query ? toQueryString(g(() => fromSchema(op.query))) : '';
          const payload = ['POST', 'PUT', 'DELETE', 'PATCH'].includes(op.method)
            ? (g(() => fromSchema(op.body)) as object)
            : undefined;
          const before = await fingerprint();
          const res = await Promise.race([
            t.app.inject({
              method: op.method as 'GET',
              url: query ? `${path}?${query}` : path,
              ...(payload === undefined
                ? {}
                : {
                    payload: JSON.stringify(payload ?? null),
                    headers: { 'content-type': 'application/json' },
                  }),
              headers: {
                ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
                ...(tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {}),
              },
            }),
            new Promise<never>((_, reject) =>
              setTimeout(() => reject(new Error(`hang: ${op.method} ${path}`)), 10_000),
            ),
          ]);
          ctx.log(`${who} ${op.method} ${path} → ${res.statusCode}`);
          expect(res.statusCode, `${op.method} ${op.path}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const body = res.json() as { success?: boolean; message?: string };
            expect(body.success).toBe(false);
            expect(body.message?.trim().length).toBeGreaterThan(0);
            expect(await fingerprint(), `${op.method} ${op.path} changed data while refusing`).toBe(
              before,
            );
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), endOnFailure: true },
    );
  }, 240_000);
});
