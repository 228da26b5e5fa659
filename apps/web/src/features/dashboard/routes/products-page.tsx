/** Dashboard › Products (spec §2): filters, a 400 px table of 20 per page, add, edit, delete. */
import {
  ALL_TYPES,
  CATEGORY_LABELS,
  DASHBOARD,
  DEFAULT_CATEGORY,
  LAYOUT,
  LOW_STOCK,
  LOW_STOCK_THRESHOLD,
  PREORDER,
  PRODUCT_FORM,
  type Category,
  type DashboardProduct,
  type Product,
  type ProductInterest,
  type ProductStockFilter,
  WISHLIST,
} from '@otaku/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Badge, Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { formatPrice } from '../../../lib/format';
import { useDashboardProducts, useDeleteProduct } from '../api/products';
import { useProductInterest } from '../api/wishlist-interest';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import { pageHeadingId, PageHeader } from '../components/dashboard-bits';
import { DataTable, type Column } from '../components/data-table';
import { ExportButton } from '../components/export-modal';
import { MostWanted } from '../components/most-wanted';
import { ProductFilters, type ProductFilter } from '../components/product-filters';
import { ProductFormModal } from '../components/product-form-modal';
import { editAndDelete } from '../components/row-actions';
import { useDashboardState } from '../components/use-dashboard-state';
import { usePageInRange } from '../components/use-page-in-range';

const totalStock = (p: Product) =>
  typeof p.stock === 'number' ? p.stock : Object.values(p.stock).reduce((a, b) => a + b, 0);

/** Who saved the product and waits for which of its variants: "3 waiting (M: 2 · L: 1) · 5 saved". */
function wantedText(interest: ProductInterest | undefined): string {
  if (!interest || (interest.waiting === 0 && interest.saved === 0)) return '-';
  const sizes = interest.variants
    .filter((v) => v.variant)
    .map((v) => `${v.variant}: ${v.waiting}`)
    .join(' · ');
  return [
    interest.waiting > 0
      ? `${WISHLIST.waiting(interest.waiting)}${sizes ? ` (${sizes})` : ''}`
      : '',
    interest.saved > 0 ? WISHLIST.savedBy(interest.saved) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

const wantedColumn = (
  interest: ReadonlyMap<string, ProductInterest> | undefined,
): Column<DashboardProduct> => ({
  header: WISHLIST.wantedColumn,
  cell: (p) => (
    <span className="text-sm text-ink-700">{wantedText(interest?.get(p.productID))}</span>
  ),
});

const COLUMNS: Column<DashboardProduct>[] = [
  {
    header: 'Product',
    cell: (p) => (
      <div className="flex items-center gap-3">
        <img
          src={p.images.small}
          alt=""
          className="h-12 w-9 rounded-md object-cover"
          loading="lazy"
        />
        <div>
          <p className="font-semibold text-ink-900">{p.name}</p>
          <p className="font-mono text-xs text-ink-500">{p.productID}</p>
        </div>
      </div>
    ),
  },
  { header: 'Category', cell: (p) => CATEGORY_LABELS[p.category] },
  { header: 'Price', whole: true, cell: (p) => formatPrice(p.price) },
  {
    header: 'Stock Status',
    cell: (p) => {
      const stock = totalStock(p);
      return (
        <div className="flex flex-col items-start gap-1">
          <Badge tone={stock > 0 ? 'green' : 'sakura'}>
            {stock > 0 ? `In stock (${stock})` : 'Out of stock'}
          </Badge>
          {p.releaseDate ? (
            <>
              <Badge tone="sun">{PREORDER.releases(p.releaseDate)}</Badge>
              <span className="text-xs font-semibold text-ink-700">
                {PREORDER.preordered(p.preorderedUnits ?? 0)}
              </span>
            </>
          ) : null}
        </div>
      );
    },
  },
];

/** The page's heading, which also names its table. */
const TITLE = 'Products';

/**
 * The low-stock filter lives in the address (`?stock=low`), so the low-stock card can link to
 * it and a reload keeps it; anything else there means every product.
 */
function useStockFilter() {
  const [params, setParams] = useSearchParams();
  const stock: ProductStockFilter = params.get('stock') === 'low' ? 'low' : 'all';
  const setStock = (next: ProductStockFilter) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'low') updated.set('stock', 'low');
      else updated.delete('stock');
      return updated;
    });
  return [stock, setStock] as const;
}

export function ProductsPage() {
  const filterState = useDashboardState<ProductFilter>('products', {
    category: DEFAULT_CATEGORY as Category,
    productTypes: [ALL_TYPES] as string[],
    price: 0,
    searchQuery: '',
    page: 1,
  });
  const [filter, setFilter] = filterState;
  const [stock, setStock] = useStockFilter();
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const query = useDashboardProducts(filter, stock);
  const remove = useDeleteProduct();
  const products = query.data?.currPageProducts ?? [];
  const interest = useProductInterest(products.map((p) => p.productID));
  const list = usePageInRange(filterState, query, products.length);

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={TITLE}
        actions={
          <>
            <ExportButton type="products" />
            <Button onClick={() => setEditing(null)}>
              <Plus aria-hidden="true" className="size-4" /> Add New Product
            </Button>
          </>
        }
      />
      <MostWanted />
      <DataTable
        labelledBy={pageHeadingId(TITLE)}
        filters={
          <div className="flex flex-col gap-3">
            <ProductFilters filter={filter} onLoad={setFilter} lowStock={stock === 'low'} />
            <label className="flex items-center gap-2 self-start text-sm font-semibold text-ink-800">
              <input
                type="checkbox"
                checked={stock === 'low'}
                onChange={(e) => {
                  setFilter({ ...filter, page: 1 });
                  setStock(e.target.checked ? 'low' : 'all');
                }}
              />
              {LOW_STOCK.filter(LOW_STOCK_THRESHOLD)}
            </label>
          </div>
        }
        columns={[...COLUMNS, wantedColumn(interest.data)]}
        rows={products}
        rowKey={(p) => p.productID}
        actions={editAndDelete<Product>((p) => p.name, setEditing, setDeleting)}
        loading={query.isPending || list.settling}
        emptyText={DASHBOARD.noProducts}
        minWidth={880}
        height={LAYOUT.dashboardProductTableHeightPx}
        pagination={{
          page: Math.min(query.data?.page ?? 1, list.totalPages),
          totalPages: list.totalPages,
          onPageChange: (page) => setFilter({ ...filter, page }),
        }}
      />
      <ProductFormModal
        key={editing === undefined ? 'closed' : (editing?.productID ?? 'new')}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        product={editing}
      />
      <ConfirmDeleteModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete product"
        expected={deleting?.productID ?? ''}
        label={`Type the product ID (${deleting?.productID ?? ''}) to confirm`}
        check={(typed) =>
          !typed
            ? PRODUCT_FORM.deleteIdRequired
            : typed !== deleting?.productID
              ? PRODUCT_FORM.deleteIdMismatch
              : null
        }
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!.productID);
            toast.success(DASHBOARD.productDeleted);
          } catch (error) {
            throw new Error(errorMessage(error, DASHBOARD.deleteFailed('product')), {
              cause: error,
            });
          }
        }}
      >
        <p className="text-sm text-ink-600">
          {deleting?.name} will be removed from the shop. This cannot be undone.
        </p>
      </ConfirmDeleteModal>
    </div>
  );
}
