/** Test kit of the cart page's tests. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../../../app/query-client';
import { Toaster } from '../../../components/ui';
import { paths, routePatterns } from '../../../lib/paths';
import { CartRoute } from './cart-route';

/** Stands for the page an order lands on (another feature's): says where the app went. */
function LandedOn() {
  return <p data-testid="landed-on">{useLocation().pathname}</p>;
}

/**
 * Renders the cart page as the app does: with the app's query client (its mutation cache turns
 * a failed change into the spec's toast), a router and the shop's toasts. Answers the client,
 * so a test can read what checkout left in its cache.
 */
export function showCartPage() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[paths.cart]}>
        <Toaster variant="shop" />
        <Routes>
          <Route path={paths.cart} element={<CartRoute />} />
          <Route path={`/${routePatterns.order}`} element={<LandedOn />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}
