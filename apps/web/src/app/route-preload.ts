/**
 * The first screen's code and data, requested together as soon as the app starts. Left to the
 * screens, the catalog call would wait for the screen's chunk to download and render first;
 * asked here, both travel at once and the screen finds its answer in the query cache
 * (docs/decisions/082).
 */
import type { QueryClient } from '@tanstack/react-query';
import { SECTION_FILTERS, sectionQuery } from '../features/home/api/use-section-products';
import { parseShopParams, toConstraints } from '../features/shop/lib/shop-state';
import { productQuery, productsQuery } from '../lib/catalog-queries';
import { paths } from '../lib/paths';
import { loadHome, loadProduct, loadShop } from './lazy-screens';

const productPath = new RegExp(`^${paths.shop}/([^/:][^/]*)$`);

/** The path segment as the router hands it to the screen; a malformed one is left to it. */
function decodedSegment(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function preloadRoute(location: Pick<Location, 'pathname' | 'search'>, client: QueryClient) {
  const { pathname, search } = location;
  if (pathname === paths.home) {
    void loadHome();
    for (const filter of Object.values(SECTION_FILTERS)) {
      void client.prefetchQuery(sectionQuery(filter));
    }
  } else if (pathname === paths.shop) {
    void loadShop();
    const state = parseShopParams(new URLSearchParams(search));
    void client.prefetchQuery(productsQuery(toConstraints(state)));
  } else {
    const productId = decodedSegment(productPath.exec(pathname)?.[1]);
    if (productId === undefined) return;
    void loadProduct();
    void client.prefetchQuery(productQuery(productId));
  }
}
