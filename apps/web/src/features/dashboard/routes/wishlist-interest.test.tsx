/** The products table's Wanted column and the Most wanted card (decision 168). */
import { WISHLIST } from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { createProduct } from '../../../test/catalog-factories';
import { jsonResponse } from '../../../test/factories';
import { ProductsPage } from './products-page';

configure({ asyncUtilTimeout: 5_000 });

const tee = createProduct({
  productID: 'CLO-WANT01',
  name: 'Wanted Tee',
  category: 'clothes',
  sizes: ['M', 'L'],
  volumes: [],
  genres: [],
  stock: { M: 0, L: 0 },
  inStock: false,
});
const quiet = createProduct({ productID: 'TOY-QUIET1', name: 'Quiet Figure', stock: 3 });
const teeInterest = {
  productID: tee.productID,
  saved: 5,
  waiting: 3,
  variants: [
    { variant: 'L', waiting: 1 },
    { variant: 'M', waiting: 2 },
  ],
};

function stubDashboard() {
  return stubApi({
    'GET /api/product/dashboardProducts': () =>
      jsonResponse({
        success: true,
        currPageProducts: [tee, quiet],
        totalPages: 1,
        totalProducts: 2,
        page: 1,
        pageSize: 20,
        scope: 'category',
        message: 'Products fetched successfully',
      }),
    'GET /api/product/wishlistInterest': () =>
      jsonResponse({
        success: true,
        interest: [teeInterest, { productID: quiet.productID, saved: 0, waiting: 0, variants: [] }],
      }),
    'GET /api/product/mostWanted': () =>
      jsonResponse({ success: true, products: [{ ...teeInterest, name: tee.name }] }),
  });
}

describe("the dashboard's wishlist counts", { timeout: 20_000 }, () => {
  it('show who waits for each size and saved each product, and the most wanted', async () => {
    const api = stubDashboard();
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter>
          <ProductsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(
      await within(table).findByText(
        `${WISHLIST.waiting(3)} (L: 1 · M: 2) · ${WISHLIST.savedBy(5)}`,
      ),
    ).toBeInTheDocument();
    expect(
      new URLSearchParams(api.of('GET /api/product/wishlistInterest')[0]!.search).get('ids'),
    ).toBe(`${tee.productID},${quiet.productID}`);
    const card = screen.getByRole('region', { name: WISHLIST.mostWanted });
    expect(await within(card).findByText(tee.name)).toBeInTheDocument();
    expect(within(card).getByText(WISHLIST.waiting(3))).toBeInTheDocument();
  });
});
