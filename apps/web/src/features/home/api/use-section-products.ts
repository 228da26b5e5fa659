import { ALL_TYPES, DEFAULT_SORT, type Category, type ProductConstraints } from '@otaku/shared';
import { useQuery } from '@tanstack/react-query';
import { productsQuery } from '../../../lib/catalog-queries';

/** How many products a home carousel shows. */
export const SECTION_SIZE = 8;

export interface SectionFilter {
  category: Category;
  /** The action-figures section shows action figures of the toys category (DESIGN.md §4). */
  productTypes?: string[];
}

/** What each home carousel shows, in page order. */
export const SECTION_FILTERS = {
  comics: { category: 'comics' },
  clothes: { category: 'clothes' },
  actionFigures: { category: 'toys', productTypes: ['action-figure'] },
} as const satisfies Record<string, SectionFilter>;

/** The most popular products of a category (and type), for a home page carousel. */
export function sectionQuery({ category, productTypes = [ALL_TYPES] }: SectionFilter) {
  const constraints: ProductConstraints = {
    category,
    productTypes: [...productTypes],
    price: 0,
    sortBy: DEFAULT_SORT,
    page: 1,
    searchQuery: '',
  };
  return productsQuery(constraints);
}

export function useSectionProducts(filter: SectionFilter) {
  const query = useQuery(sectionQuery(filter));
  return { ...query, products: query.data?.currPageProducts.slice(0, SECTION_SIZE) };
}
