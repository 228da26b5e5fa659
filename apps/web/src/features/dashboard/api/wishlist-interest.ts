/** The dashboard's wishlist counts (decision 168): per product of the table's page, and the most wanted. */
import { routes } from '@otaku/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Under 'product-interest': a product change, which reloads every product list, reloads them too. */
export const interestKeys = {
  all: ['dashboard', 'product-interest'] as const,
  page: (ids: readonly string[]) => [...interestKeys.all, ids] as const,
  mostWanted: ['dashboard', 'product-interest', 'most-wanted'] as const,
};

/** How many shoppers saved each product of the page and wait for each of its variants. */
export function useProductInterest(ids: readonly string[]) {
  return useQuery({
    queryKey: interestKeys.page(ids),
    queryFn: () => call(routes.wishlistAdmin.interest, { query: { ids: ids.join(',') } }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    select: (answer) => new Map(answer.interest.map((i) => [i.productID, i])),
  });
}

export function useMostWanted() {
  return useQuery({
    queryKey: interestKeys.mostWanted,
    queryFn: () => call(routes.wishlistAdmin.mostWanted),
  });
}
