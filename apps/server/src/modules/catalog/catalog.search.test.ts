import {
  SEARCH_SUGGESTION_LIMIT,
  type GetProductsResponse,
  type ProductConstraintsInput,
  type SearchSuggestionsResponse,
} from '@otaku/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { createCatalogProduct } from '../../../test/catalog-factories';

const t = useTestApp();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = t.database.db;
  const add = async (key: string, values: Parameters<typeof createCatalogProduct>[1]) => {
    ids[key] = (await createCatalogProduct(db, values)).id;
  };
  await add('naruto', {
    category: 'comics',
    name: 'Naruto Vol. 1',
    description: 'A young ninja dreams of becoming Hokage.',
    genres: ['action', 'adventure'],
    priceCents: 999,
    unitsSold: 5,
  });
  await add('hoodie', {
    category: 'clothes',
    name: 'Akatsuki Cloud Hoodie',
    description: 'Red clouds on black, as worn in Naruto Shippuden.',
    merchType: 'jacket',
    priceCents: 4999,
    unitsSold: 50,
  });
  await add('luffy', {
    category: 'toys',
    name: 'Monkey D. Luffy Figure',
    description: 'Gear five, fully poseable.',
    toyType: 'action-figure',
    priceCents: 3499,
  });
  await add('sneakers', {
    category: 'shoes',
    name: 'Demon Slayer Checkered Kicks',
    description: 'Tanjiro pattern canvas.',
    merchType: 'sneakers',
    priceCents: 6500,
  });
  await add('fantasy', {
    category: 'comics',
    name: 'Frieren Vol. 2',
    description: 'An elf mage walks on after the adventure ends.',
    genres: ['fantasy'],
    priceCents: 1099,
  });
  for (let i = 0; i < 10; i++) {
    await add(`bleach${i}`, {
      category: 'comics',
      name: `Bleach Vol. ${i + 1}`,
      description: 'Soul reapers and hollows.',
      genres: ['action'],
      priceCents: 899 + i,
    });
  }
  await add('dragon', {
    category: 'comics',
    name: 'My Roommate Is a Dragon',
    description: 'A very old lodger in a tiny flat.',
    genres: ['comedy'],
    priceCents: 1199,
  });
  await add('drama', {
    category: 'comics',
    name: 'Quiet Lanterns',
    description: 'Duels and aching flashbacks: a drama of the roads.',
    genres: ['drama'],
    priceCents: 1299,
    unitsSold: 90,
  });
  await add('tee', {
    category: 'clothes',
    name: 'Chainsaw-Man Pocket Tee',
    description: 'A devil dog peeks out of the pocket.',
    merchType: 't-shirt',
    priceCents: 2499,
  });
  await add('kaiju', {
    category: 'toys',
    name: 'Kaiju King Vinyl Figure',
    description: 'Soft vinyl, standing 20 cm tall.',
    toyType: 'action-figure',
    priceCents: 2999,
  });
});

async function search(searchQuery: string, extra: ProductConstraintsInput = {}) {
  const productConstraints = JSON.stringify({ category: 'toys', ...extra, searchQuery });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/product/getProducts?${new URLSearchParams({ productConstraints })}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<GetProductsResponse>();
}
const found = (body: GetProductsResponse) => body.currPageProducts.map((p) => p.productID);

describe('searchQuery in GET /api/product/getProducts', () => {
  it('forgives a typo: "narto" finds Naruto, the best match first, in every category', async () => {
    const body = await search('narto');
    expect(found(body)).toEqual([ids.naruto, ids.hoodie]);
    expect(body).toMatchObject({ scope: 'all', totalProducts: 2 });
  });

  it.each([
    ['a name', 'Luffy', 'luffy'],
    ['a name with a typo', 'lufy', 'luffy'],
    ['a description word', 'hokage', 'naruto'],
    ['a description word with a typo', 'tanjro', 'sneakers'],
    ['a genre', 'fantasy', 'fantasy'],
    ['a type label', 'sneakers', 'sneakers'],
    ['upper case and extra spaces', '  MONKEY   D ', 'luffy'],
  ])('matches %s', async (_label, query, key) => {
    expect(found(await search(query))).toContain(ids[key]);
  });

  it.each(['xq', 'zzzz', 'qwertyuiop', '%_', '\\\\'])('finds nothing for noise: %s', async (q) => {
    const body = await search(q);
    expect(body.currPageProducts).toEqual([]);
    expect(body).toMatchObject({ totalProducts: 0, totalPages: 1 });
  });

  it('reads one slip in a short word as the word of a name it is closest to', async () => {
    // "drgon" shares more trigrams with "drama" than with "dragon"; "kaju" too few with "kaiju".
    expect(found(await search('drgon'))[0]).toBe(ids.dragon);
    expect(found(await search('kaju'))).toEqual([ids.kaiju]);
    expect(found(await search('kaju king'))).toEqual([ids.kaiju]);
    expect(found(await search('dargon'))[0]).toBe(ids.dragon);
  });

  it('finds the products that have every word of a query, each as typed or as read', async () => {
    expect((await search('bleach hollows')).totalProducts).toBe(10);
    expect(found(await search('kaiju figure'))).toEqual([ids.kaiju]);
    expect(found(await search('figur lufy'))).toEqual([ids.luffy]);
    expect(await search('bleach kaiju')).toMatchObject({ totalProducts: 0 });
  });

  it('finds a word of two or three letters at the start of a word, not inside one', async () => {
    // "Akatsuki" has "tsu" inside it; "Shippuden" and "T-Shirt" start with "shi".
    expect(found(await search('tsu'))).toEqual([]);
    expect(found(await search('shi'))).toEqual([ids.hoodie, ids.tee]);
    expect(found(await search('clo'))).toEqual([ids.hoodie, ids.tee]); // Cloud, clothes
    expect(found(await search('man'))).toEqual([ids.tee]);
    expect(found(await search('ka'))).toEqual([ids.kaiju]);
    // From four letters a word is found inside a longer one too.
    expect(found(await search('tsuki'))).toEqual([ids.hoodie]);
  });

  it('asks the database for readings only when a word has four letters or more', async () => {
    const statements = async (query: string) => {
      const before = t.database.statements();
      await search(query);
      return t.database.statements() - before;
    };
    expect(await statements('kin')).toBe(1);
    expect(await statements('vi ki')).toBe(1);
    expect(await statements('kingg')).toBe(2);
    expect(await statements('ki vinyl')).toBe(2);
  });

  it('reads a query without a word of two letters as its words in a row', async () => {
    expect(found(await search('d. luffy'))).toEqual([ids.luffy]);
    expect(found(await search('d l'))).toEqual([ids.luffy]);
    expect(found(await search('d!'))).toContain(ids.luffy);
  });

  it('puts a match in the name before a match in the description', async () => {
    const body = await search('naruto');
    expect(found(body)).toEqual([ids.naruto, ids.hoodie]);
  });

  it('ignores the category and its types but keeps the price limit and a price sort', async () => {
    const body = await search('bleach', {
      category: 'shoes',
      productTypes: ['boots'],
      price: 9.02,
      sortBy: 'price-high',
    });
    expect(found(body)).toEqual([ids.bleach3, ids.bleach2, ids.bleach1, ids.bleach0]);
  });

  it('pages through search results', async () => {
    const first = await search('bleach', { sortBy: 'price-low' });
    expect(first.totalProducts).toBe(10);
    expect(found(first)[0]).toBe(ids.bleach0);
    const second = await search('bleach', { sortBy: 'price-low', page: 2 });
    expect(second.currPageProducts).toEqual([]);
    expect(second).toMatchObject({ totalProducts: 10, totalPages: 1, page: 2 });
  });
});

describe('GET /api/search/products', () => {
  const suggest = (data: string) =>
    t.app.inject({ method: 'GET', url: `/api/search/products?${new URLSearchParams({ data })}` });

  it('suggests the best matches with what the search box shows', async () => {
    const res = await suggest('narto');
    expect(res.statusCode).toBe(200);
    const body = res.json<SearchSuggestionsResponse>();
    expect(body.products.map((p) => p.productID)).toEqual([ids.naruto, ids.hoodie]);
    expect(body.products[0]).toEqual({
      productID: ids.naruto,
      name: 'Naruto Vol. 1',
      price: 9.99,
      category: 'comics',
      image: `/uploads/products/${ids.naruto}-400.webp`,
      images: {
        small: `/uploads/products/${ids.naruto}-400.webp`,
        large: `/uploads/products/${ids.naruto}-800.webp`,
        width: 800,
        height: 1067,
      },
    });
  });

  it(`answers at most ${SEARCH_SUGGESTION_LIMIT} suggestions`, async () => {
    const body = (await suggest('bleach')).json<SearchSuggestionsResponse>();
    expect(body.products).toHaveLength(SEARCH_SUGGESTION_LIMIT);
  });

  it('suggests the word a slip stands for', async () => {
    const body = (await suggest('drgon')).json<SearchSuggestionsResponse>();
    expect(body.products[0]).toMatchObject({ productID: ids.dragon });
  });

  it('answers an empty list for noise', async () => {
    const body = (await suggest('zzzz')).json<SearchSuggestionsResponse>();
    expect(body).toEqual({ success: true, products: [] });
  });
});
