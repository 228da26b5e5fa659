import { PAGE_TITLES, SHOP, toConstraints } from '@otaku/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Page, Pagination } from '../../../components/ui';
import { productsQuery } from '../../../lib/catalog-queries';
import { rememberShopSearch } from '../../../lib/last-shop-search';
import { scrollToListStart } from '../../../lib/scroll-to-list-start';
import { ActiveFilters } from '../components/active-filters';
import { CategoryPicker } from '../components/category-picker';
import { FilterDrawer } from '../components/filter-drawer';
import { FilterPanel, type FilterPanelProps } from '../components/filter-panel';
import { ProductGrid } from '../components/product-grid';
import { SearchBox } from '../components/search-box';
import * as rules from '../lib/shop-state';
import { useShopState } from '../lib/use-shop-state';
import { usePageTitle } from '../../../lib/use-page-title';

/** /shop (spec §2, §4): category, filters, search, the product grid and its pages. */
export function ShopRoute() {
  usePageTitle(PAGE_TITLES.shop);
  const [state, update] = useShopState();
  // What the product page's Back to Shop returns to.
  const { search } = useLocation();
  useEffect(() => rememberShopSearch(search), [search]);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const products = useQuery(productsQuery(toConstraints(state)));
  const data = products.data;

  const filters: FilterPanelProps = {
    state,
    onToggleType: (slug, checked) => update((s) => rules.toggleType(s, slug, checked)),
    onPrice: (price) => update((s) => rules.setPrice(s, price)),
    onSort: (sortBy) => update((s) => rules.setSort(s, sortBy)),
    onAvailability: (availability) => update((s) => rules.setAvailability(s, availability)),
  };

  const goToPage = (page: number) => {
    update((s) => rules.setPage(s, page));
    scrollToListStart(gridRef.current);
  };
  // The filters match products, only not this many pages of them (decision 040).
  const pastLastPage =
    data && data.totalProducts > 0 && state.page > data.totalPages
      ? { page: state.page, lastPage: data.totalPages, onGoToLast: () => goToPage(data.totalPages) }
      : undefined;

  return (
    <Page className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-black text-ink-900 sm:text-4xl">{SHOP.title}</h1>
          <p className="mt-1 text-ink-600">{SHOP.subtitle}</p>
        </div>
        <div className="w-full md:max-w-md">
          <SearchBox
            key={state.searchQuery}
            initial={state.searchQuery}
            onSearch={(query) => update((s) => rules.submitSearch(s, query))}
          />
        </div>
      </header>

      <div className="flex items-center gap-3">
        <FilterDrawer open={drawerOpen} onOpenChange={setDrawerOpen} total={data?.totalProducts}>
          <FilterPanel {...filters} />
        </FilterDrawer>
        <CategoryPicker
          value={state.category}
          searching={state.searchQuery !== ''}
          onChange={(category) => update((s) => rules.selectCategory(s, category))}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-[16rem_1fr] lg:items-start">
        <aside
          aria-label={SHOP.filters}
          className="sticky top-24 hidden rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink-100 lg:block"
        >
          <h2 className="mb-5 text-lg font-extrabold text-ink-900">{SHOP.filters}</h2>
          <FilterPanel {...filters} />
        </aside>

        <div className="flex min-w-0 flex-col gap-4">
          <ActiveFilters
            state={state}
            total={data?.totalProducts}
            onRemoveType={(slug) => update((s) => rules.toggleType(s, slug, false))}
            onClearPrice={() => update((s) => rules.setPrice(s, 0))}
            onClearSort={() => update((s) => rules.setSort(s, 'popular'))}
            onClearSearch={() => update((s) => rules.submitSearch(s, ''))}
            onClearAll={() => update(rules.clearAll)}
          />
          <ProductGrid
            ref={gridRef}
            products={products.isError ? [] : data?.currPageProducts}
            loading={products.isFetching}
            failed={products.isError}
            onRetry={() => void products.refetch()}
            pastLastPage={pastLastPage}
            searchQuery={state.searchQuery}
          />
          {data && (data.totalPages > 1 || state.page > 1) && (
            <Pagination
              page={state.page}
              totalPages={data.totalPages}
              onPageChange={goToPage}
              label={SHOP.pagination}
            />
          )}
        </div>
      </div>
    </Page>
  );
}
