import { ALL_TYPES, DEFAULT_SORT, type Category, type ProductConstraints } from '@otaku/shared';
import { useQuery } from '@tanstack/react-query';
import { productsQuery } from '../../../lib/catalog-queries';

/** How many products a home carousel shows. */
export const SECTION_SIZE = 8;

/** The most popular products of a category (and type), for a home page carousel. */
export function useSectionProducts(category: Category, productTypes: string[] = [ALL_TYPES]) {
  const constraints: ProductConstraints = {
    category,
    productTypes,
    price: 0,
    sortBy: DEFAULT_SORT,
    page: 1,
    searchQuery: '',
  };
  const query = useQuery(productsQuery(constraints));
  return { ...query, products: query.data?.currPageProducts.slice(0, SECTION_SIZE) };
}
