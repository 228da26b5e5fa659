/** What the benchmark asks of the shop: the calls shoppers and staff make most. */
import type { Scenario, ScenarioRequest } from './load';

const constraints = (c: Record<string, unknown>) =>
  `/api/product/getProducts?productConstraints=${encodeURIComponent(JSON.stringify({ category: 'comics', productTypes: ['all'], price: 0, sortBy: 'popular', page: 1, searchQuery: '', ...c }))}`;

/** The shop pages the listing scenarios ask for. */
const LISTING_PATHS = [
  constraints({}),
  constraints({ category: 'clothes', sortBy: 'price-low', page: 3 }),
  constraints({ category: 'toys', productTypes: ['car'], price: 40 }),
  constraints({ category: 'shoes', sortBy: 'price-high', page: 10 }),
  constraints({ productTypes: ['action', 'drama'], page: 2 }),
];

export function listingScenario(): Scenario {
  return {
    key: 'listing',
    name: 'shop listing (filters, sorts, pages)',
    requests: LISTING_PATHS.map((path) => ({ path })),
  };
}

export function searchScenario(): Scenario {
  return {
    key: 'search',
    name: 'search (exact and with typos)',
    requests: [
      { path: constraints({ searchQuery: 'naruto' }) },
      { path: constraints({ searchQuery: 'narto' }) },
      { path: constraints({ searchQuery: 'samurai blade' }) },
      { path: `/api/search/products?data=${encodeURIComponent('sakra')}` },
    ],
  };
}

/**
 * Search as a shop with many shoppers sees it: every request a query never asked before (see
 * queries.ts), so no kept answer serves it and each is read from the database, in turn the shop
 * listing with the query and the search box's suggestions. `alone`: one connection, a single
 * shopper's wait.
 */
export function uncachedSearchScenario(nextQuery: () => string, alone = false): Scenario {
  return {
    key: alone ? 'searchUncachedAlone' : 'searchUncached',
    name: `search never cached (a new query each time)${alone ? ', one connection' : ''}`,
    ...(alone ? { connections: 1 } : {}),
    requests: [
      {
        path: constraints({ searchQuery: 'naruto' }),
        nextPath: () => constraints({ searchQuery: nextQuery() }),
      },
      {
        path: '/api/search/products?data=naruto',
        nextPath: () => `/api/search/products?data=${encodeURIComponent(nextQuery())}`,
      },
    ],
  };
}

export function detailScenario(productIds: string[]): Scenario {
  return {
    key: 'detail',
    name: 'product detail',
    requests: productIds.slice(0, 20).map((id) => ({ path: `/api/product/${id}` })),
  };
}

export function dashboardScenario(staffToken: string): Scenario {
  const headers = { authorization: `Bearer ${staffToken}` };
  return {
    key: 'dashboard',
    name: 'dashboard orders, users and stats',
    requests: [
      { path: '/api/order/allOrdersList?currPage=1', headers },
      { path: '/api/order/allOrdersList?currPage=250', headers },
      { path: '/api/user/getUsers?currPage=1&role=all&searchQuery=', headers },
      { path: '/api/user/getUsers?currPage=3&role=user&searchQuery=shopper1', headers },
      { path: '/api/order/orderStats', headers },
    ],
  };
}

/**
 * The statement counts that must not grow with the page (a first page and a deep one of the
 * same list), as statementRequests names them; the budgets compare each pair.
 */
export const PAGED_STATEMENTS = [
  { list: 'listing', first: 'listing page 1', deep: 'listing page 40' },
  { list: 'dashboard orders', first: 'dashboard orders page 1', deep: 'dashboard orders page 250' },
] as const;

export function statementRequests(
  productId: string,
  staffToken: string,
  shopperToken: string,
  line: StockLine,
) {
  const headers = { authorization: `Bearer ${staffToken}` };
  const shopper = { authorization: `Bearer ${shopperToken}` };
  return [
    { name: PAGED_STATEMENTS[0].first, path: constraints({}) },
    { name: PAGED_STATEMENTS[0].deep, path: constraints({ page: 40 }) },
    {
      name: 'listing filtered + price sort',
      path: constraints({ productTypes: ['action'], sortBy: 'price-low', price: 50 }),
    },
    { name: 'search with a typo', path: constraints({ searchQuery: 'narto' }) },
    { name: 'search suggestions', path: '/api/search/products?data=narto' },
    { name: 'product detail', path: `/api/product/${productId}` },
    { name: PAGED_STATEMENTS[1].first, path: '/api/order/allOrdersList?currPage=1', headers },
    { name: PAGED_STATEMENTS[1].deep, path: '/api/order/allOrdersList?currPage=250', headers },
    { name: 'dashboard users page 1', path: '/api/user/getUsers?currPage=1', headers },
    { name: 'order stats', path: '/api/order/orderStats', headers },
    {
      name: 'add to cart',
      method: 'POST' as const,
      path: '/api/reserveStock',
      headers: shopper,
      body: { ...line, quantity: 1 },
    },
    {
      name: 'place a cash-on-delivery order',
      method: 'POST' as const,
      path: '/api/order/placeOrder',
      headers: shopper,
      body: { deliveryAddress: '1 Bench Street, Tokyo', paymentMethod: 'cod' },
    },
  ];
}

/** A variant with plenty of stock, one per connection so carts spread over many rows. */
export type StockLine = { productId: string; variant: string };

const lineFor = (lines: StockLine[]) => (connection: number) => ({
  ...lines[connection % lines.length]!,
  quantity: 1,
});

/** A unit of the connection's own line reserved, and one given back. */
const reserve = (lines: StockLine[]): ScenarioRequest => ({
  method: 'POST',
  path: '/api/reserveStock',
  body: lineFor(lines),
});
const giveBack = (lines: StockLine[]): ScenarioRequest => ({
  method: 'POST',
  path: '/api/decrementReservationStock',
  body: lineFor(lines),
});

/** Every connection a signed-in shopper of its own; running out of stock is a correct answer. */
const asShoppers = (shopperTokens: string[]) => ({
  connectionTokens: shopperTokens,
  okStatuses: [200, 201, 409],
});

/** Every connection is a signed-in shopper adding a unit to their cart and taking it out. */
export function addToCartScenario(shopperTokens: string[], lines: StockLine[]): Scenario {
  return {
    key: 'addToCart',
    name: 'add to cart (reserve, then release)',
    ...asShoppers(shopperTokens),
    requests: [reserve(lines), giveBack(lines)],
  };
}

/**
 * The shop listing while shoppers fill their carts: each connection, a signed-in shopper,
 * reserves a unit, asks for the five shop pages, gives the unit back and asks for them again,
 * so one request in six changes stock. Every stock change drops the catalog's answers (they
 * show stock), so this is the listing as a busy shop serves it; only the pages are timed.
 */
export function listingWhileCartsChangeScenario(
  shopperTokens: string[],
  lines: StockLine[],
): Scenario {
  const pages = LISTING_PATHS.map((path) => ({ path, measure: true }));
  return {
    key: 'listingWhileCarts',
    name: 'shop listing while carts change (1 request in 6; pages timed)',
    ...asShoppers(shopperTokens),
    requests: [reserve(lines), ...pages, giveBack(lines), ...pages],
  };
}

/** Every connection fills its shopper's cart with one line and places a cash-on-delivery order. */
export function orderPlacementScenario(shopperTokens: string[], lines: StockLine[]): Scenario {
  return {
    key: 'order',
    name: 'cash-on-delivery order placement (timed alone)',
    ...asShoppers(shopperTokens),
    requests: [
      reserve(lines),
      {
        method: 'POST',
        path: '/api/order/placeOrder',
        body: { deliveryAddress: '1 Bench Street, Tokyo', paymentMethod: 'cod' },
        measure: true,
      },
    ],
  };
}
