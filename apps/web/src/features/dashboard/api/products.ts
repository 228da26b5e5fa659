/** The dashboard's product calls: the table (pages of 20), create, update and delete. */
import { routes, type ProductConstraintsInput } from '@otaku/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const productKeys = {
  all: ['dashboard', 'products'] as const,
  list: (filter: ProductConstraintsInput) => [...productKeys.all, filter] as const,
};

export function useDashboardProducts(filter: ProductConstraintsInput) {
  return useQuery({
    queryKey: productKeys.list(filter),
    queryFn: () =>
      call(routes.productsAdmin.list, {
        query: { productConstraints: JSON.stringify(filter) },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Reloads every product list (dashboard and shop) after a change. */
function useInvalidateProducts() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes('product') });
}

export function useSaveProduct(mode: 'create' | 'edit') {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (form: FormData) =>
      call(mode === 'create' ? routes.productsAdmin.create : routes.productsAdmin.update, {
        body: form,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (productID: string) => call(routes.productsAdmin.remove, { body: { productID } }),
    onSuccess: invalidate,
  });
}
