/**
 * The catalog calls the home page, the shop and the product page share (spec §7 "Products and
 * search"), with their query keys, so a product list fetched on one screen is cached for the
 * others. Answers are typed with the shared response types and not parsed again here: the
 * server serializes every answer through the same shared schema, and parsing it once more
 * would put all of zod in every shop page's first load (docs/decisions/080).
 */
import {
  routes,
  type GetProductsResponse,
  type Product,
  type ProductConstraints,
  type SearchSuggestion,
} from '@otaku/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from './api-client';

export const catalogKeys = {
  all: ['catalog'] as const,
  products: (constraints: ProductConstraints) => ['catalog', 'products', constraints] as const,
  product: (productId: string) => ['catalog', 'product', productId] as const,
  suggestions: (query: string) => ['catalog', 'suggestions', query] as const,
};

export async function getProducts(
  constraints: ProductConstraints,
  signal?: AbortSignal,
): Promise<GetProductsResponse> {
  return call(routes.catalog.products, {
    query: { productConstraints: JSON.stringify(constraints) },
    signal,
  });
}

/** One page of products; the previous page stays on screen while the next one loads. */
export const productsQuery = (constraints: ProductConstraints) =>
  queryOptions({
    queryKey: catalogKeys.products(constraints),
    queryFn: ({ signal }) => getProducts(constraints, signal),
    placeholderData: keepPreviousData,
  });

export async function getProduct(productId: string, signal?: AbortSignal): Promise<Product> {
  const body = await call(routes.catalog.product, { params: { productID: productId }, signal });
  return body.product;
}

export const productQuery = (productId: string) =>
  queryOptions({
    queryKey: catalogKeys.product(productId),
    queryFn: ({ signal }) => getProduct(productId, signal),
  });

export async function getSuggestions(
  query: string,
  signal?: AbortSignal,
): Promise<SearchSuggestion[]> {
  const body = await call(routes.catalog.suggestions, { query: { data: query }, signal });
  return body.products;
}

export const suggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: catalogKeys.suggestions(query),
    queryFn: ({ signal }) => getSuggestions(query, signal),
    staleTime: 60_000,
  });
