/**
 * The text product search matches (DESIGN.md §4): the words of the name, description, genres
 * and type labels in lower case, each after a space (" naruto vol 1 a young ninja…"), so that a
 * pattern can ask for the start of a word (search-sql.ts, decision 187). Stored in
 * products.search_text and indexed with pg_trgm.
 * Product creation, editing and the demo seed all build it here so that search sees the same
 * thing whichever path wrote the product.
 */
import { CATEGORY_LABELS, GENRES, typeLabel, type Category } from '@otaku/shared';
import { wordsOf } from './spelling';

export interface SearchableProduct {
  name: string;
  description: string;
  category: Category;
  genres?: readonly string[] | null;
  merchType?: string | null;
  toyType?: string | null;
}

/** What a product's search text is made of, in order: name, description, genres, types. */
export function searchTextSources(product: SearchableProduct): string[] {
  const genres = (product.genres ?? []).map(
    (slug) => GENRES.find((g) => g.slug === slug)?.label ?? slug,
  );
  const typeSlug = product.category === 'toys' ? product.toyType : product.merchType;
  const types = typeSlug ? [typeLabel(product.category, typeSlug), typeSlug] : [];
  return [
    product.name,
    product.description,
    ...genres,
    ...types,
    CATEGORY_LABELS[product.category],
  ];
}

export function buildSearchText(product: SearchableProduct): string {
  return wordsOf(searchTextSources(product).join(' '))
    .map((word) => ` ${word}`)
    .join('');
}
