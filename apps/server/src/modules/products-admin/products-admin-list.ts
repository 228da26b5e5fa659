/**
 * The dashboard's product table: the shop's own filter and search (catalog module), in pages of
 * PAGE_SIZE.dashboard instead of the shop's page size, optionally only the products running low
 * (a variant at LOW_STOCK_THRESHOLD or fewer, the low-stock card's rule, in every category;
 * decision 163).
 */
import {
  DASHBOARD,
  LOW_STOCK_THRESHOLD,
  PAGE_SIZE,
  type ProductStockFilter,
  type DashboardProductsResponse,
  type ProductConstraints,
} from '@otaku/shared';
import type { Executor } from '../../db/client';
import type { ImageUrl } from '../../lib/image-urls';
import * as catalog from '../catalog/catalog.repo';
import { toListFilter } from '../catalog/catalog.service';
import { toProductDto } from '../catalog/product-dto';
import { preorderedUnits } from './products-admin.repo';

export async function listDashboardProducts(
  db: Executor,
  constraints: ProductConstraints,
  stock: ProductStockFilter,
  imageUrl: ImageUrl,
): Promise<DashboardProductsResponse> {
  const size = PAGE_SIZE.dashboard;
  const filter = {
    ...toListFilter(constraints),
    // Every product running low, as the low-stock card lists them: in every category, as a
    // search is.
    ...(stock === 'low'
      ? { lowStockAtMost: LOW_STOCK_THRESHOLD, category: null, types: null }
      : {}),
    limit: size,
    offset: (constraints.page - 1) * size,
  };
  const { rows, total: pageTotal } = await catalog.listProducts(db, filter);
  const total =
    rows.length > 0 || constraints.page === 1 ? pageTotal : await catalog.countProducts(db, filter);
  // The units pre-ordered of the page's pre-orders (decision 167): one more read, only for them.
  const preorders = rows.filter((row) => row.releaseDate !== null).map((row) => row.id);
  const preordered = await preorderedUnits(db, preorders);
  return {
    success: true,
    currPageProducts: rows.map((row) => ({
      ...toProductDto(row, imageUrl),
      ...(row.releaseDate === null ? {} : { preorderedUnits: preordered.get(row.id) ?? 0 }),
    })),
    totalPages: Math.max(1, Math.ceil(total / size)),
    totalProducts: total,
    page: constraints.page,
    pageSize: size,
    scope: filter.category ? 'category' : 'all',
    message: rows.length > 0 ? DASHBOARD.productsFetched : DASHBOARD.noProducts,
  };
}
