/**
 * The catalog's search words follow every write to a product (decision 164): staff create,
 * rename and delete products through the dashboard, and a search reads the words as they are
 * at once, on this instance or any other, with nothing kept in memory.
 */
import type { GetProductsResponse } from '@otaku/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/prepared';
import { createAccount, multipart, pngImage, type TestAccount } from '../../../test/staff';
import { useTestApp } from '../../../test/helpers';

const t = useTestApp();
let admin: TestAccount;
let png: Buffer;

beforeAll(async () => {
  admin = await createAccount(t.database, t.config.jwtSecret, 'admin');
  png = await pngImage();
});

const comic = (overrides: Record<string, string> = {}) => ({
  name: 'Zephyrine Chronicle',
  description: 'A windswept saga.',
  price: '12.5',
  category: 'comics',
  genres: JSON.stringify(['fantasy']),
  volumes: JSON.stringify(['V1']),
  stock: JSON.stringify({ V1: 4 }),
  ...overrides,
});

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string>) {
  const body = await multipart({
    ...fields,
    image: method === 'POST' ? { name: 'cover.png', type: 'image/png', data: png } : undefined,
  });
  const res = await t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...admin.headers },
  });
  expect(res.statusCode).toBeLessThan(300);
  return res;
}

/** How many products use each of `words` (absent: none). */
async function uses(...words: string[]): Promise<Record<string, number>> {
  const result = await t.database.db.execute(
    sql`select word, products from search_words where word in (${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )})`,
  );
  return Object.fromEntries(
    rowsOf<{ word: string; products: number }>(result).map((r) => [r.word, r.products]),
  );
}

async function deletionsOf(word: string): Promise<number> {
  const result = await t.database.db.execute(
    sql`select count(*)::int as n from search_word_deletions where word = ${word}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

async function search(searchQuery: string): Promise<string[]> {
  const productConstraints = JSON.stringify({ searchQuery });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/product/getProducts?${new URLSearchParams({ productConstraints })}`,
  });
  return res.json<GetProductsResponse>().currPageProducts.map((p) => p.name);
}

describe('search words', () => {
  it('follow products created, renamed, edited and deleted', async () => {
    const first = (await send('POST', '/api/product/createProduct', comic())).json().product
      .productID as string;
    await send('POST', '/api/product/createProduct', comic({ name: 'Zephyrine Atlas' }));
    expect(await uses('zephyrine', 'chronicle', 'atlas', 'windswept')).toEqual({
      zephyrine: 2,
      chronicle: 1,
      atlas: 1,
      windswept: 2,
    });
    expect(await deletionsOf('zephyrine')).toBe(9);
    // A misspelt word of a product just added is read as it at once.
    expect(await search('zephyrne chronicle')).toEqual(['Zephyrine Chronicle']);

    await send(
      'PUT',
      '/api/product/updateProduct',
      comic({ productID: first, name: 'Quillon Chronicle' }),
    );
    expect(await uses('zephyrine', 'quillon', 'chronicle')).toEqual({
      zephyrine: 1,
      quillon: 1,
      chronicle: 1,
    });
    expect(await search('quilon')).toEqual(['Quillon Chronicle']);
    // An edit that changes no word leaves the words as they were.
    await send(
      'PUT',
      '/api/product/updateProduct',
      comic({ productID: first, name: 'Quillon Chronicle', price: '14' }),
    );
    expect(await uses('quillon', 'windswept')).toEqual({ quillon: 1, windswept: 2 });

    const del = await t.app.inject({
      method: 'POST',
      url: '/api/product/deleteProduct',
      headers: admin.headers,
      payload: { productID: first },
    });
    expect(del.statusCode).toBe(200);
    expect(await uses('quillon', 'chronicle', 'windswept', 'zephyrine')).toEqual({
      windswept: 1,
      zephyrine: 1,
    });
    expect(await deletionsOf('quillon')).toBe(0);
    expect(await search('quilon')).toEqual([]);
  });

  it('count exactly the products whose search text holds each word', async () => {
    const result = await t.database.db.execute(sql`
      select count(*)::int as n from (
        select w, count(*)::int as products from products p, search_words_of(p.search_text) w group by w
      ) expected full join search_words s on s.word = expected.w
      where s.products is distinct from expected.products`);
    expect(rowsOf<{ n: number }>(result)[0]!.n).toBe(0);
  });
});
