/** Dashboard › Products (spec §2): filters, a 400 px table of 20 per page, add, edit, delete. */
import {
  ALL_TYPES,
  CATEGORIES,
  CATEGORY_LABELS,
  CATEGORY_TYPES,
  DASHBOARD,
  DASHBOARD_RULES,
  DEFAULT_CATEGORY,
  LAYOUT,
  PRICE_FILTER_MAX,
  PRODUCT_FORM,
  SEARCH_MIN_LENGTH,
  VALIDATION,
  type Category,
  type Product,
} from '@otaku/shared';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import {
  Badge,
  Button,
  FieldError,
  FieldHint,
  Input,
  Label,
  Pagination,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { formatPrice } from '../../../lib/format';
import { useDashboardProducts, useDeleteProduct } from '../api/products';
import { ConfirmDeleteModal } from '../components/confirm-delete-modal';
import {
  pageHeadingId,
  PageHeader,
  TableState,
  tableWrap,
  td,
  tdWhole,
  th,
} from '../components/dashboard-bits';
import { ExportButton } from '../components/export-modal';
import { ProductFormModal } from '../components/product-form-modal';
import { selectClasses } from '../components/product-form-fields';
import { useDashboardState } from '../components/use-dashboard-state';
import { usePageInRange } from '../components/use-page-in-range';

const totalStock = (p: Product) =>
  typeof p.stock === 'number' ? p.stock : Object.values(p.stock).reduce((a, b) => a + b, 0);

/** The page's heading, which also names its table. */
const TITLE = 'Products';

export function ProductsPage() {
  const filterState = useDashboardState('products', {
    category: DEFAULT_CATEGORY as Category,
    productTypes: [ALL_TYPES] as string[],
    price: 0,
    searchQuery: '',
    page: 1,
  });
  const [filter, setFilter] = filterState;
  const [draft, setDraft] = useState({
    category: filter.category,
    types: filter.productTypes,
    price: filter.price,
    search: filter.searchQuery,
  });
  const [searchError, setSearchError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const query = useDashboardProducts(filter);
  const remove = useDeleteProduct();
  const products = query.data?.currPageProducts ?? [];
  const list = usePageInRange(filterState, query, products.length);

  const load = () => {
    const search = draft.search.trim();
    if (search !== '' && search.length < SEARCH_MIN_LENGTH)
      return setSearchError(VALIDATION.searchTooShort);
    setSearchError(null);
    setFilter({
      category: draft.category,
      productTypes: draft.types,
      price: draft.price,
      searchQuery: search,
      page: 1,
    });
  };
  // A search spans every category (the shop's own rule), so category and types wait meanwhile.
  const searching = draft.search.trim() !== '';
  const toggleType = (slug: string) =>
    setDraft((d) => {
      if (slug === ALL_TYPES) return { ...d, types: [ALL_TYPES] };
      const rest = d.types.filter((t) => t !== ALL_TYPES);
      const next = rest.includes(slug) ? rest.filter((t) => t !== slug) : [...rest, slug];
      return { ...d, types: next.length ? next : [ALL_TYPES] };
    });

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
      <form
        aria-label="Product filters"
        className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100 md:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          load();
        }}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor="filter-price">
            Max price: {draft.price ? formatPrice(draft.price) : 'Any'}
          </Label>
          <input
            id="filter-price"
            type="range"
            min={0}
            max={PRICE_FILTER_MAX}
            value={draft.price}
            onChange={(e) => setDraft({ ...draft, price: Number(e.target.value) })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="filter-search">Search</Label>
          <Input
            id="filter-search"
            type="search"
            value={draft.search}
            invalid={Boolean(searchError)}
            onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          />
          {searchError ? (
            <FieldError>{searchError}</FieldError>
          ) : searching ? (
            <FieldHint>{DASHBOARD_RULES.searchAllCategories}</FieldHint>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="filter-category">Category</Label>
          <select
            id="filter-category"
            className={`${selectClasses} disabled:opacity-50`}
            disabled={searching}
            value={draft.category}
            onChange={(e) =>
              setDraft({ ...draft, category: e.target.value as Category, types: [ALL_TYPES] })
            }
          >
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <Button type="submit" className="w-full">
            Load Products
          </Button>
        </div>
        <fieldset
          disabled={searching}
          className="flex flex-wrap gap-4 disabled:opacity-50 md:col-span-4"
        >
          <legend className="sr-only">Types</legend>
          {[{ slug: ALL_TYPES, label: 'All' }, ...CATEGORY_TYPES[draft.category]].map((t) => (
            <label key={t.slug} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={draft.types.includes(t.slug)}
                onChange={() => toggleType(t.slug)}
              />
              {t.label}
            </label>
          ))}
        </fieldset>
      </form>
      <div className={tableWrap} style={{ height: LAYOUT.dashboardProductTableHeightPx }}>
        <table className="w-full min-w-[720px]" aria-labelledby={pageHeadingId(TITLE)}>
          <thead className="sticky top-0 bg-ink-50">
            <tr>
              {['Actions', 'Product', 'Category', 'Price', 'Stock Status'].map((h) => (
                <th key={h} className={th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            <TableState
              columns={5}
              loading={query.isPending || list.settling}
              error={null}
              empty={products.length === 0}
              emptyText={DASHBOARD.noProducts}
            />
            {products.map((p) => {
              const stock = totalStock(p);
              return (
                <tr key={p.productID}>
                  <td className={td}>
                    <div className="flex gap-1">
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={`Edit ${p.name}`}
                        onClick={() => setEditing(p)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={`Delete ${p.name}`}
                        onClick={() => setDeleting(p)}
                      >
                        <Trash2 aria-hidden="true" className="size-4 text-red-600" />
                      </Button>
                    </div>
                  </td>
                  <td className={td}>
                    <div className="flex items-center gap-3">
                      <img
                        src={p.image.small}
                        alt=""
                        className="h-12 w-9 rounded-md object-cover"
                        loading="lazy"
                      />
                      <div>
                        <p className="font-semibold text-ink-900">{p.name}</p>
                        <p className="font-mono text-xs text-ink-500">{p.productID}</p>
                      </div>
                    </div>
                  </td>
                  <td className={td}>{CATEGORY_LABELS[p.category]}</td>
                  <td className={tdWhole}>{formatPrice(p.price)}</td>
                  <td className={td}>
                    <Badge tone={stock > 0 ? 'green' : 'sakura'}>
                      {stock > 0 ? `In stock (${stock})` : 'Out of stock'}
                    </Badge>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination
        page={Math.min(query.data?.page ?? 1, list.totalPages)}
        totalPages={list.totalPages}
        onPageChange={(page) => setFilter({ ...filter, page })}
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
            throw new Error(errorMessage(error, DASHBOARD.deleteFailed('product')));
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
