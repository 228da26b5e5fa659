import { sectionConstraints, type HomeSection } from '@otaku/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { productsQuery } from '../../../lib/catalog-queries';

/** How many products a home carousel shows. */
export const SECTION_SIZE = 8;

/** The most popular products of a category (and type), for a home page carousel. */
export function useSectionProducts(section: HomeSection) {
  const query = useQuery(productsQuery(sectionConstraints(section)));
  // The same list until the answer changes, so that the carousel keeps its drawn slides.
  const products = useMemo(() => query.data?.currPageProducts.slice(0, SECTION_SIZE), [query.data]);
  return { ...query, products };
}
