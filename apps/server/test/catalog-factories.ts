/**
 * Catalog factories for API tests: products inserted straight into the test database, with
 * the search text built the way product creation and the seed build it.
 *
 *   const p = await createCatalogProduct(t.database.db, { category: 'comics', genres: ['action'] });
 */
import { PRODUCT_ID_PREFIX, type Category } from '@otaku/shared';
import type { Db } from '../src/db/client';
import { products, productVariants } from '../src/db/schema/index';
import { buildSearchText } from '../src/modules/catalog/search-text';
import { changed } from '../src/db/changed';

export interface CatalogProduct {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  category: Category;
  genres: string[];
  merchType: string | null;
  toyType: string | null;
  unitsSold: number;
  createdAt: Date;
  /** variant -> stock; '' for a single stock. */
  stock: Record<string, number>;
}

let counter = 0;

/** A fresh valid productID of the category, e.g. COM-T00007. */
export function nextProductId(category: Category): string {
  counter += 1;
  return `${PRODUCT_ID_PREFIX[category]}-T${String(counter).padStart(5, '0')}`;
}

const defaultStock = (category: Category): Record<string, number> =>
  category === 'comics' ? { V1: 5, V2: 3 } : category === 'toys' ? { '': 10 } : { S: 2, M: 4 };

const defaultTypes = (category: Category) => ({
  genres: category === 'comics' ? ['action'] : [],
  merchType: category === 'clothes' ? 't-shirt' : category === 'shoes' ? 'sneakers' : null,
  toyType: category === 'toys' ? 'action-figure' : null,
});

export async function createCatalogProduct(
  db: Db,
  overrides: Partial<CatalogProduct> = {},
): Promise<CatalogProduct> {
  const category = overrides.category ?? 'toys';
  const id = overrides.id ?? nextProductId(category);
  const product: CatalogProduct = {
    id,
    name: `Test product ${id}`,
    description: 'A product made for a test.',
    priceCents: 1999,
    category,
    ...defaultTypes(category),
    unitsSold: 0,
    createdAt: new Date(),
    stock: defaultStock(category),
    ...overrides,
  };
  await db.insert(products).values({
    id: product.id,
    name: product.name,
    description: product.description,
    priceCents: product.priceCents,
    category: product.category,
    image: `/uploads/products/${product.id}`,
    imageWidth: 800,
    imageHeight: 1067,
    genres: product.genres,
    merchType: product.merchType,
    toyType: product.toyType,
    unitsSold: product.unitsSold,
    searchText: buildSearchText(product),
    createdAt: product.createdAt,
    updatedAt: product.createdAt,
  });
  const variants = Object.entries(product.stock);
  if (variants.length > 0) {
    await db.insert(productVariants).values(
      variants.map(([variant, stock], position) => ({
        productId: product.id,
        variant,
        stock,
        position,
      })),
    );
  }
  changed.catalog(db, 'all');
  return product;
}
