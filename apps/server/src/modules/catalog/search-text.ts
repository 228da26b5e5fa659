/**
 * The text product search matches (DESIGN.md §4): name, description, genres and type labels,
 * lower-cased and on one line, stored in products.search_text and indexed with pg_trgm.
 * Product creation, editing and the demo seed all build it here so that search sees the same
 * thing whichever path wrote the product.
 */
import { CATEGORY_LABELS, GENRES, typeLabel, type Category } from '@otaku/shared';

export interface SearchableProduct {
  name: string;
  description: string;
  category: Category;
  genres?: readonly string[] | null;
  merchType?: string | null;
  toyType?: string | null;
}

export function buildSearchText(product: SearchableProduct): string {
  const genres = (product.genres ?? []).map(
    (slug) => GENRES.find((g) => g.slug === slug)?.label ?? slug,
  );
  const typeSlug = product.category === 'toys' ? product.toyType : product.merchType;
  const types = typeSlug ? [typeLabel(product.category, typeSlug), typeSlug] : [];
  return [product.name, product.description, ...genres, ...types, CATEGORY_LABELS[product.category]]
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
