import { PREORDER, PRODUCT_PAGE, shopToday } from '@otaku/shared';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createProduct, stubCatalogApi } from '../../../test/catalog-factories';
import { renderWithProviders } from '../../../test/render';
import { ProductRoute } from './product-route';

/** The shop's day `n` days from today (yyyy-mm-dd). */
const day = (n: number) => shopToday(new Date(Date.now() + n * 86_400_000));

function showPreorder(preorderUntil: string | null) {
  const figure = createProduct({
    productID: 'TOY-PRE001',
    name: 'Kaiju King',
    category: 'toys',
    stock: 12,
    releaseDate: '2031-03-15',
    preorderUntil,
  });
  stubCatalogApi({ products: [figure] });
  renderWithProviders(
    <Routes>
      <Route path="/shop/:productId" element={<ProductRoute />} />
    </Routes>,
    { route: '/shop/TOY-PRE001' },
  );
}

describe('a pre-order on its product page (decision 167)', () => {
  it('shows the badge, the release month, the last day and how it is paid', async () => {
    showPreorder(day(5));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kaiju King' })).toBeVisible();
    expect(screen.getByText(PREORDER.badge)).toBeInTheDocument();
    expect(screen.getByText('Releases March 2031')).toBeInTheDocument();
    expect(screen.getByText(PREORDER.orderBy(day(5)))).toBeInTheDocument();
    expect(screen.getByText(PREORDER.paymentNote)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PRODUCT_PAGE.addToCart })).toBeEnabled();
  });

  it('says pre-orders are closed after the last day, and cannot be added', async () => {
    showPreorder(day(-1));
    expect(await screen.findByText(PREORDER.closedNote)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PRODUCT_PAGE.addToCart })).toBeDisabled();
  });
});
