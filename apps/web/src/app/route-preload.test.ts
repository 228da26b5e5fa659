import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { catalogKeys } from '../lib/catalog-queries';
import { createProduct, stubCatalogApi } from '../test/catalog-factories';
import { preloadRoute } from './route-preload';

const at = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return { pathname, search };
};

async function preload(url: string) {
  const client = new QueryClient();
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
