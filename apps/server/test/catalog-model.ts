/**
 * The shop's filter and sorts worked out in plain JavaScript (DESIGN.md §4), so API tests can
 * compare what the SQL answers with what it must answer for the same rows.
 */
import {
  ALL_TYPES,
  CATEGORY_TYPES,
  PAGE_SIZE,
  SORTS,
  type Category,
  type GetProductsResponse,
  type SortBy,
} from '@otaku/shared';
import { expect } from 'vitest';
import type { TestApp } from './helpers';

export interface ModelProduct {
  id: string;
  name: string;
  priceCents: number;
  category: Category;
  genres: string[];
  merchType: string | null;
  toyType: string | null;
  unitsSold: number;
  createdAt: Date;
}

export interface ModelFilter {
  category: Category;
  productTypes: string[];
  price: number;
  sortBy: SortBy;
}

const byId = (a: ModelProduct, b: ModelProduct) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byName = (a: ModelProduct, b: ModelProduct) =>
  a.name === b.name ? byId(a, b) : a.name < b.name ? -1 : 1;

/** Every matching product id, in the order the shop must list them. */
export function expectedIds(catalog: readonly ModelProduct[], f: ModelFilter): string[] {
  const matches = catalog.filter((p) => {
    if (p.category !== f.category) return false;
    if (!f.productTypes.includes(ALL_TYPES)) {
      const own = p.category === 'comics' ? p.genres : [p.merchType ?? p.toyType ?? ''];
      if (!own.some((type) => f.productTypes.includes(type))) return false;
    }
    return f.price === 0 || p.priceCents <= Math.round(f.price * 100);
  });
  return matches
    .sort((a, b) => {
      if (f.sortBy === 'price-low') return a.priceCents - b.priceCents || byName(a, b);
      if (f.sortBy === 'price-high') return b.priceCents - a.priceCents || byName(a, b);
      return (
        b.unitsSold - a.unitsSold || b.createdAt.getTime() - a.createdAt.getTime() || byId(a, b)
      );
    })
    .map((p) => p.id);
}

/** 'all', each type alone, and the first two together. */
export function typeChoices(category: Category): string[][] {
  const slugs = CATEGORY_TYPES[category].map((type) => type.slug);
  return [[ALL_TYPES], ...slugs.map((s) => [s]), slugs.slice(0, 2)];
}

export const PRICE_CHOICES = [0, 10, 25.5, 100];

/**
 * Asks the API for every type choice, price, sort and page of a category (and one page past
 * the end) and compares each answer with the model. Returns how many pages it checked.
 */
export async function checkEveryCombination(
  t: TestApp,
  catalog: readonly ModelProduct[],
  category: Category,
): Promise<number> {
  let checked = 0;
  for (const productTypes of typeChoices(category)) {
    for (const price of PRICE_CHOICES) {
      for (const { value: sortBy } of SORTS) {
        const filter = { category, productTypes, price, sortBy };
        const all = expectedIds(catalog, filter);
        const totalPages = Math.max(1, Math.ceil(all.length / PAGE_SIZE.shop));
        for (let page = 1; page <= totalPages + 1; page++) {
          const label = JSON.stringify({ ...filter, page });
          const productConstraints = JSON.stringify({ ...filter, page, searchQuery: '' });
          const before = t.database.statements();
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/product/getProducts?${new URLSearchParams({ productConstraints })}`,
          });
          expect(res.statusCode, label).toBe(200);
          const body = res.json<GetProductsResponse>();
          const start = (page - 1) * PAGE_SIZE.shop;
          expect(
            body.currPageProducts.map((p) => p.productID),
            label,
          ).toEqual(all.slice(start, start + PAGE_SIZE.shop));
          expect({ totalProducts: body.totalProducts, totalPages: body.totalPages }, label).toEqual(
            { totalProducts: all.length, totalPages },
          );
          // One statement per page; a page past the end costs one more, for the count.
          expect(t.database.statements() - before, label).toBe(page > totalPages ? 2 : 1);
          checked++;
        }
      }
    }
  }
  return checked;
}
