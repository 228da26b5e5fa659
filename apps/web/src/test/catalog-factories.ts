/**
 * Products and a stand-in for the catalog API, for component tests:
 *
 *   const api = stubCatalogApi({ products: [createProduct()] });
 *   ... render, click ...
 *   expect(api.lastConstraints()).toMatchObject({ page: 1 });
 */
import type { CartResponse, Product, ProductConstraints } from '@otaku/shared';
import { stubApi } from './api-stub';
import { cartResponse } from './checkout-fixtures';
import { jsonResponse } from './factories';

let sequence = 0;

export function createProduct(overrides: Partial<Product> = {}): Product {
  sequence += 1;
  const id = `COM-T${String(sequence).padStart(5, '0')}`;
  const productID = overrides.productID ?? id;
  return {
    _id: productID,
    productID,
    name: `Test Comic ${sequence}`,
    description: 'A comic made for a test.',
    price: 9.99,
    category: 'comics',
    image: `/uploads/products/${productID}-800.webp`,
    images: {
      small: `/uploads/products/${productID}-400.webp`,
      large: `/uploads/products/${productID}-800.webp`,
      width: 800,
      height: 1067,
    },
    genres: ['action'],
    volumes: ['V1', 'V2'],
    sizes: [],
    merchType: null,
    toyType: null,
    stock: { V1: 5, V2: 0 },
    inStock: true,
    limitPerCustomer: null,
    saleStartsAt: null,
    ...overrides,
  };
}

/** What getProducts answers for these constraints: `products` on each of `totalPages` pages. */
export function productsAnswer(
  products: Product[],
  constraints: Pick<ProductConstraints, 'page' | 'searchQuery'>,
  totalPages = 1,
) {
  return {
    success: true,
    // A page past the end answers no products with the true totals, as the server does.
    currPageProducts: (constraints.page ?? 1) > totalPages ? [] : products,
    totalPages,
    totalProducts: products.length * totalPages,
    page: constraints.page,
    pageSize: 24,
    scope: constraints.searchQuery ? 'all' : 'category',
    message: 'Products fetched successfully',
  };
}

export interface CatalogApiStub {
  /** Every productConstraints the shop asked for, oldest first. */
  constraints: ProductConstraints[];
  lastConstraints: () => ProductConstraints | undefined;
  fetch: ReturnType<typeof stubApi>['fetch'];
}

/**
 * Replaces fetch: getProducts answers `products` with `totalPages`, a product id answers that
 * product (404 for unknown ids), and search suggestions answer `suggestions`.
 */
export interface CatalogApiOptions {
  products?: Product[];
  totalPages?: number;
  suggestions?: Product[];
  /** Answers POST /api/reserveStock (add to cart); a 404 when absent. */
  reserve?: (body: { productId: string; variant: string; quantity: number }) => Response;
  /** What POST /api/cart answers (the product page reads the cart); an empty cart when absent. */
  cart?: CartResponse;
}

export function stubCatalogApi({
  products = [createProduct()],
  totalPages = 1,
  suggestions = [],
  reserve,
  cart = cartResponse([]),
}: CatalogApiOptions = {}): CatalogApiStub {
  const constraints: ProductConstraints[] = [];
  const notFound = () =>
    jsonResponse({ success: false, message: 'Product not found.', code: 'NOT_FOUND' }, 404);
  const { fetch: fetchStub } = stubApi(
    {
      'POST /api/reserveStock': (call) =>
        reserve ? reserve(call.body as Parameters<typeof reserve>[0]) : notFound(),
      'POST /api/cart': () => jsonResponse(cart),
      'GET /api/product/getProducts': (call) => {
        const c = JSON.parse(
          new URLSearchParams(call.search).get('productConstraints') ?? '{}',
        ) as ProductConstraints;
        constraints.push(c);
        return jsonResponse(productsAnswer(products, c, totalPages));
      },
      'GET /api/search/products': () =>
        jsonResponse({
          success: true,
          products: suggestions.map(({ productID, name, images, price, category }) => ({
            productID,
            name,
            image: images.small,
            images,
            price,
            category,
          })),
        }),
      'GET /api/product/:productID': (call) => {
        const id = decodeURIComponent(call.path.slice('/api/product/'.length));
        const product = products.find((p) => p.productID === id);
        return product ? jsonResponse({ success: true, product }) : notFound();
      },
    },
    { otherwise: notFound },
  );
  return { constraints, lastConstraints: () => constraints.at(-1), fetch: fetchStub };
}
