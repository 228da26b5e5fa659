/**
 * Catalog rules: how the shop's filter becomes a query, what a search spans, and whether a
 * variant has the stock a shopper asks for.
 */
import {
  ALL_TYPES,
  CATALOG,
  PAGE_SIZE,
  PRODUCT_ID_PATTERN,
  RELEASES_LIMIT,
  releaseMonth,
  SEARCH_SUGGESTION_LIMIT,
  toCents,
  VALIDATION,
  type GetProductResponse,
  type GetProductsResponse,
  type ProductConstraints,
  type ReleasesResponse,
  type SearchSuggestionsResponse,
  type VerifyStockResponse,
} from '@otaku/shared';
import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import type { ImageUrl } from '../../lib/image-urls';
import * as repo from './catalog.repo';
import { toProductDto, toSuggestionDto } from './product-dto';
import { searchTerms, type SearchTerms } from './search-sql';

/**
 * A search spans every category, because a shopper who types a title expects to find it
 * whichever category the shop shows (docs/decisions/040-catalog-api.md); the type filter
 * belongs to a category and is ignored with it. Price and sort still apply.
 */
export function toListFilter(c: ProductConstraints): repo.ListFilter {
  const searching = c.searchQuery !== '';
  const allTypes = c.productTypes.includes(ALL_TYPES);
  return {
    category: searching ? null : c.category,
    types: searching || allTypes ? null : c.productTypes,
    maxPriceCents: c.price > 0 ? toCents(c.price) : null,
    search: searching ? searchTerms(c.searchQuery) : null,
    ...(c.availability && c.availability !== 'all' ? { availability: c.availability } : {}),
    sortBy: c.sortBy,
    limit: PAGE_SIZE.shop,
    offset: (c.page - 1) * PAGE_SIZE.shop,
  };
}

/**
 * One page of the shop: one statement (two for a search with a word of four letters or more,
 * decisions 164 and 187), more only when the page lies past the end. `filter` is the
 * constraints as read once (toListFilter), so the answer and its cache key (listingKey) are
 * made of the same reading.
 */
export async function listProducts(
  db: Executor,
  constraints: ProductConstraints,
  filter: repo.ListFilter,
  imageUrl: ImageUrl,
): Promise<GetProductsResponse> {
  const { rows, total: pageTotal } = await repo.listProducts(db, filter);
  const total =
    rows.length > 0 || constraints.page === 1 ? pageTotal : await repo.countProducts(db, filter);
  return {
    success: true,
    currPageProducts: rows.map((row) => toProductDto(row, imageUrl)),
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE.shop)),
    totalProducts: total,
    page: constraints.page,
    pageSize: PAGE_SIZE.shop,
    scope: filter.category ? 'category' : 'all',
    message: CATALOG.productsFetched,
  };
}

/**
 * The coming releases grouped by month, earliest first (/releases, decision 167): up to
 * RELEASES_LIMIT pre-orders, in one statement.
 */
export async function listReleases(db: Executor, imageUrl: ImageUrl): Promise<ReleasesResponse> {
  const months: ReleasesResponse['months'] = [];
  for (const row of await repo.listReleases(db, RELEASES_LIMIT)) {
    const product = toProductDto(row, imageUrl);
    const month = (row.releaseDate ?? '').slice(0, 7);
    const last = months.at(-1);
    if (last?.month === month) last.products.push(product);
    else months.push({ month, label: releaseMonth(`${month}-01`), products: [product] });
  }
  return { success: true, months };
}

export const RELEASES_KEY = 'releases';

/** What a shop page's answer depends on: two requests with the same key get the same answer. */
export const listingKey = (filter: repo.ListFilter) => `list:${JSON.stringify(filter)}`;

export const productKey = (productID: string) => `product:${normaliseId(productID) ?? ''}`;

export const suggestionsKey = (terms: SearchTerms) => `suggest:${JSON.stringify(terms)}`;

/** Product ids are upper-case; a lower-cased link still finds its product. */
function normaliseId(productID: string): string | null {
  const id = productID.trim().toUpperCase();
  return PRODUCT_ID_PATTERN.test(id) ? id : null;
}

export async function getProduct(
  db: Executor,
  productID: string,
  imageUrl: ImageUrl,
): Promise<GetProductResponse> {
  const id = normaliseId(productID);
  const row = id ? await repo.findProduct(db, { id }) : undefined;
  if (!row) throw notFound(CATALOG.productNotFound);
  return { success: true, product: toProductDto(row, imageUrl) };
}

/** Suggestions for the search box; `terms` as read once, for the answer and its cache key. */
export async function suggestProducts(
  db: Executor,
  terms: SearchTerms,
  imageUrl: ImageUrl,
): Promise<SearchSuggestionsResponse> {
  const rows = await repo.suggestProducts(db, terms, SEARCH_SUGGESTION_LIMIT);
  return { success: true, products: rows.map((row) => toSuggestionDto(row, imageUrl)) };
}

export interface StockQuestion {
  itemName: string;
  selectedVariant: string;
  itemQuantity: number;
}

/** Whether `itemQuantity` units of a product's variant can still be added to a cart. */
export async function verifyStock(db: Executor, q: StockQuestion): Promise<VerifyStockResponse> {
  const row = await repo.findProduct(db, { idOrName: q.itemName });
  if (!row) throw notFound(CATALOG.productNotFound);
  const hasVariants = row.variants.some((v) => v.variant !== '');
  if (hasVariants && q.selectedVariant === '')
    throw badRequest(VALIDATION.variantRequired, 'selectedVariant');
  const variant = hasVariants ? q.selectedVariant.toUpperCase() : '';
  const found = row.variants.find((v) => v.variant === variant);
  if (!found) throw notFound(CATALOG.variantNotFound);
  const inStock = found.stock >= q.itemQuantity;
  const message =
    found.stock === 0
      ? VALIDATION.variantOutOfStock
      : inStock
        ? CATALOG.inStock
        : CATALOG.onlyLeft(found.stock);
  return { success: true, productID: row.id, variant, stock: found.stock, inStock, message };
}
