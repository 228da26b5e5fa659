import { sectionConstraints, type HomeSection } from '@otaku/shared';
import { useQuery } from '@tanstack/react-query';
import { productsQuery } from '../../../lib/catalog-queries';

/** How many products a home carousel shows. */
export const SECTION_SIZE = 8;

/** The most popular products of a category (and type), for a home page carousel. */
export function useSectionProducts(section: HomeSection) {
  const query = useQuery(productsQuery(sectionConstraints(section)));
  return { ...query, products: query.data?.currPageProducts.slice(0, SECTION_SIZE) };
}
