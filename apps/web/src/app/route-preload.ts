/**
 * The first screen's code and data, requested together as soon as the app starts. Left to the
 * screens, the catalog call would wait for the screen's chunk to download and render first;
 * asked here, both travel at once and the screen finds its answer in the query cache
 * (docs/decisions/082). When the server has already sent the answers inside the page
 * (docs/decisions/084), they go into the cache as they are and nothing is asked for.
 */
import {
  FIRST_ANSWERS_ELEMENT_ID,
  firstScreen,
  type FirstAnswer,
  type FirstScreenQuery,
  type GetProductResponse,
  type GetProductsResponse,
} from '@otaku/shared';
import type { QueryClient } from '@tanstack/react-query';
import { productQuery, productsQuery } from '../lib/catalog-queries';
import { loadHome, loadProduct, loadShop } from './lazy-screens';

const loaders = { home: loadHome, shop: loadShop, product: loadProduct };

/**
 * Puts the answers the page carries into the cache, under the keys the screens read. Anything
 * that does not have the shape of an answer is passed over: the screen then asks for it.
 */
export function seedFirstAnswers(doc: Document, client: QueryClient) {
  seedAnswers(client, doc.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.textContent);
}

/** The same, from the element's text: the server draws the first screen from it too. */
export function seedAnswers(client: QueryClient, text: string | null | undefined) {
  if (!text) return;
  let answers: unknown;
  try {
    answers = JSON.parse(text);
  } catch {
    return;
  }
  if (!Array.isArray(answers)) return;
  for (const item of answers as Array<Partial<FirstAnswer> | null>) {
    const query = item?.query;
    const answer = item?.answer as Partial<GetProductsResponse & GetProductResponse> | null;
    if (!answer || typeof answer !== 'object') continue;
    if (query?.kind === 'products' && Array.isArray(answer.currPageProducts)) {
      client.setQueryData(productsQuery(query.constraints).queryKey, answer as GetProductsResponse);
    } else if (query?.kind === 'product' && answer.product) {
      client.setQueryData(productQuery(query.productId).queryKey, answer.product);
    }
  }
}

function prefetch(client: QueryClient, query: FirstScreenQuery) {
  if (query.kind === 'products') void client.prefetchQuery(productsQuery(query.constraints));
  else void client.prefetchQuery(productQuery(query.productId));
}

/**
 * Asks for the screen's code and data at this address; returns when the code has loaded (at
 * once where there is no shop screen, or its code failed to load: the screen then shows its
 * own state as it would have).
 */
export function preloadRoute(
  location: Pick<Location, 'pathname' | 'search'>,
  client: QueryClient,
): Promise<void> {
  const first = firstScreen(location.pathname, location.search);
  if (!first) return Promise.resolve();
  const code = loaders[first.screen]().then(
    () => undefined,
    () => undefined,
  );
  for (const query of first.queries) {
    // A query already answered (by the page, above) is fresh and is not asked again.
    prefetch(client, query);
  }
  return code;
}
