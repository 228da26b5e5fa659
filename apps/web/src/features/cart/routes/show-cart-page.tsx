/** Test kit of the cart page's tests. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../../app/query-client';
import { Toaster } from '../../../components/ui';
import { CartRoute } from './cart-route';

/**
 * Renders the cart page as the app does: with the app's query client (its mutation cache turns
 * a failed change into the spec's toast), a router and the shop's toasts.
 */
export function showCartPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Toaster variant="shop" />
        <CartRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
