import { FIRST_ANSWERS_ELEMENT_ID, firstScreen, type FirstAnswer } from '@otaku/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { catalogKeys } from '../lib/catalog-queries';
import { createProduct, stubCatalogApi } from '../test/catalog-factories';
import { createQueryClient } from './query-client';
import { preloadRoute, seedFirstAnswers } from './route-preload';

const at = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return { pathname, search };
};

async function preload(url: string, client = new QueryClient()) {
  preloadRoute(at(url), client);
  // Let the prefetches reach the (stubbed) network and settle.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.all(
    client
      .getQueryCache()
      .getAll()
      .map((q) => q.promise),
  );
  return client;
}

describe('preloadRoute', () => {
  it('asks for the three home carousels at once', async () => {
    const api = stubCatalogApi();
    await preload('/');
    expect(api.constraints.map((c) => [c.category, c.productTypes, c.page])).toEqual([
      ['comics', ['all'], 1],
      ['clothes', ['all'], 1],
      ['toys', ['action-figure'], 1],
    ]);
  });

  it('asks for the shop page the URL names, under the key the shop reads', async () => {
    const api = stubCatalogApi();
    const client = await preload('/shop?category=toys&types=doll&sort=price-low&page=2');
    const asked = api.lastConstraints();
    expect(asked).toEqual({
      category: 'toys',
      productTypes: ['doll'],
      price: 0,
      sortBy: 'price-low',
      page: 2,
      searchQuery: '',
    });
    expect(client.getQueryData(catalogKeys.products(asked!))).toMatchObject({ page: 2 });
  });

  it("asks for a product page's product", async () => {
    const product = createProduct();
    stubCatalogApi({ products: [product] });
    const client = await preload(`/shop/${encodeURIComponent(product.productID)}`);
    expect(client.getQueryData(catalogKeys.product(product.productID))).toEqual(product);
  });

  it.each(['/cart', '/shop/:COM-000000', '/shop/%E0%A4%A', '/dashboard'])(
    'asks for nothing on %s',
    async (url) => {
      const api = stubCatalogApi();
      await preload(url);
      expect(api.fetch).not.toHaveBeenCalled();
    },
  );
});

/** A page as the server sends it, carrying `answers` for its first screen. */
function pageWith(answers: unknown): Document {
  const doc = document.implementation.createHTMLDocument();
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_ANSWERS_ELEMENT_ID;
  script.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  doc.head.append(script);
  return doc;
}

// The app's client: its answers stay fresh for a while, so a seeded one is not asked again.
describe('seedFirstAnswers', () => {
  it('takes the shop page the server sent and asks for nothing', async () => {
    const api = stubCatalogApi();
    const url = '/shop?category=toys&types=doll&page=2';
    const { pathname, search } = at(url);
    const [query] = firstScreen(pathname, search)!.queries;
    if (query?.kind !== 'products') throw new Error('a shop page asks for a page of products');
    const answer = { success: true, currPageProducts: [createProduct()], page: 2 };
    const client = createQueryClient();
    seedFirstAnswers(pageWith([{ query, answer }] satisfies FirstAnswer[]), client);
    await preload(url, client);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(client.getQueryData(catalogKeys.products(query.constraints))).toEqual(answer);
  });

  it("takes a product page's product out of its answer", async () => {
    const api = stubCatalogApi();
    const product = createProduct();
    const client = createQueryClient();
    const query = { kind: 'product', productId: product.productID } as const;
    seedFirstAnswers(pageWith([{ query, answer: { success: true, product } }]), client);
    await preload(`/shop/${encodeURIComponent(product.productID)}`, client);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(client.getQueryData(catalogKeys.product(product.productID))).toEqual(product);
  });

  it.each([
    ['not json {'],
    [{ not: 'a list' }],
    [[null, { query: null, answer: {} }]],
    [[{ query: { kind: 'products', constraints: {} }, answer: null }]],
    [[{ query: { kind: 'product', productId: 'COM-ABCDEF' }, answer: { success: true } }]],
  ])('ignores a malformed page (%j) and asks the server instead', async (answers) => {
    const api = stubCatalogApi();
    const client = createQueryClient();
    seedFirstAnswers(pageWith(answers), client);
    await preload('/shop', client);
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });
});
