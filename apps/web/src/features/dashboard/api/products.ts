/** The dashboard's product calls: the table (pages of 20), create, update and delete. */
import { routes, type ProductConstraintsInput, type ProductStockFilter } from '@otaku/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const productKeys = {
  all: ['dashboard', 'products'] as const,
  list: (filter: ProductConstraintsInput, stock: ProductStockFilter) =>
    [...productKeys.all, filter, stock] as const,
};

export function useDashboardProducts(filter: ProductConstraintsInput, stock: ProductStockFilter) {
  return useQuery({
    queryKey: productKeys.list(filter, stock),
    queryFn: () =>
      call(routes.productsAdmin.list, {
        query: {
          productConstraints: JSON.stringify(filter),
          ...(stock === 'low' ? { stock } : {}),
        },
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
