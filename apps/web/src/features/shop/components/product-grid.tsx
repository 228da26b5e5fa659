import {
  LAYOUT,
  PRODUCT_IMAGE_SIZES,
  SHOP,
  SHOP_GRID_EAGER_IMAGES,
  SHOP_GRID_HIGH_PRIORITY_IMAGES,
  type Product,
} from '@otaku/shared';
import { PackageSearch } from 'lucide-react';
import type { Ref } from 'react';
import { ProductCard, type ImagePriority } from '../../../components/catalog';
import {
  Button,
  EmptyState,
  PastLastPage,
  Spinner,
  type PastLastPageProps,
} from '../../../components/ui';
import { cn } from '../../../lib/cn';

export interface ProductGridProps {
  products: Product[] | undefined;
  /** A request is on its way (the first, or the next while the last answer stays shown). */
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /**
   * Set when the page asked for is past the last one: its empty answer offers the last page
   * rather than saying that nothing matches, which the earlier pages contradict.
   */
  pastLastPage?: PastLastPageProps;
  /** The words searched for, if any: an empty answer then says the search found nothing. */
  searchQuery?: string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * How a card's picture loads by its place in the grid: a phone's first row before the page's
 * other pictures (the largest paint is there), the rest of its first screen at once but after
 * them, the others only when the grid scrolls near them (docs/decisions/175, 186 and 188).
 */
function gridPicturePriority(index: number): ImagePriority | undefined {
  if (index < SHOP_GRID_HIGH_PRIORITY_IMAGES) return 'high';
  return index < SHOP_GRID_EAGER_IMAGES ? 'eager' : undefined;
}

/**
 * The products, 2 to 6 columns by screen width, in an area 600 px high (spec §2, §9). Waiting
 * shows a spinner, but only after 200 ms, so quick answers never flash one.
 */
export function ProductGrid({
  products,
  loading,
  failed,
  onRetry,
  pastLastPage,
  searchQuery = '',
  ref,
}: ProductGridProps) {
  const empty = !loading && (failed || (products !== undefined && products.length === 0));
  return (
    <div
      ref={ref}
      role="region"
      aria-label={SHOP.productsRegion}
      aria-busy={loading}
      tabIndex={0}
      style={{ height: LAYOUT.shopGridHeightPx }}
      className="relative overflow-y-auto rounded-3xl bg-ink-50/60 p-3 ring-1 ring-ink-100 sm:p-4"
    >
      {products && products.length > 0 && (
        <ul
          className={cn(
            'grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6',
            loading && 'opacity-50',
          )}
        >
          {products.map((product, index) => {
            const priority = gridPicturePriority(index);
            return (
              <li
                key={product.productID}
                // Past the first screen a card is drawn only as the grid scrolls near it, and its
                // lazy picture waits until then too; `auto` keeps its size once drawn. On a phone
                // that kept ten of the page's pictures from loading before the first paint
                // (docs/decisions/175).
                className={cn(
                  !priority && '[contain-intrinsic-size:auto_20rem] [content-visibility:auto]',
                )}
              >
                <ProductCard
                  product={product}
                  imageSizes={PRODUCT_IMAGE_SIZES.shopGrid}
                  priority={priority}
                />
              </li>
            );
          })}
        </ul>
      )}
      {loading && (
        <div className="pointer-events-none absolute inset-0 grid place-items-center">
          <Spinner size="lg" label={SHOP.loadingProducts} />
        </div>
      )}
      {empty &&
        (failed ? (
          <EmptyState icon={PackageSearch} title={SHOP.loadFailed} className="h-full">
            <Button variant="secondary" onClick={onRetry}>
              {SHOP.retry}
            </Button>
          </EmptyState>
        ) : pastLastPage ? (
          <PastLastPage {...pastLastPage} className="h-full" />
        ) : searchQuery ? (
          <EmptyState
            icon={PackageSearch}
            title={SHOP.noSearchResults(searchQuery)}
            className="h-full"
          >
            <p className="text-sm text-ink-500">{SHOP.noSearchResultsHint}</p>
          </EmptyState>
        ) : (
          <EmptyState icon={PackageSearch} title={SHOP.noProducts} className="h-full">
            <p className="text-sm text-ink-500">{SHOP.noProductsHint}</p>
          </EmptyState>
        ))}
    </div>
  );
}
