import { SALE_START, toLocalDateTime } from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { createProduct } from '../../../test/catalog-factories';
import { jsonResponse } from '../../../test/factories';
import { ProductFormModal } from './product-form-modal';

configure({ asyncUtilTimeout: 5_000 });

/** Opens the edit form of `product`; answers its saves; their forms, in order. */
async function editForm(product: ReturnType<typeof createProduct>) {
  const api = stubApi({
    'PUT /api/product/updateProduct': () =>
      jsonResponse({
        success: true,
        message: 'Product saved',
        product: { productID: product.productID, _id: product.productID, image: '/x.webp' },
      }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProductFormModal open onOpenChange={vi.fn()} product={product} />
    </QueryClientProvider>,
  );
  await screen.findByRole('dialog');
  return () => api.calls.map((call) => call.init.body as FormData);
}

describe('the sale start field', { timeout: 20_000 }, () => {
  it("shows the product's start in this browser's zone and sends the instant a new value names", async () => {
    const startsAt = new Date(2026, 11, 1, 18, 0).toISOString();
    const forms = await editForm(createProduct({ saleStartsAt: startsAt }));
    const field = screen.getByLabelText(SALE_START.field);
    expect(field).toHaveValue(toLocalDateTime(startsAt));
    expect(field).toHaveAccessibleDescription(SALE_START.hint);

    fireEvent.change(field, { target: { value: '2026-12-24T18:30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(forms()).toHaveLength(1));
    expect(forms()[0]!.get('saleStartsAt')).toBe(new Date(2026, 11, 24, 18, 30).toISOString());
  });

  it('sends empty for a product without one, so it sells at once', async () => {
    const forms = await editForm(createProduct());
    expect(screen.getByLabelText(SALE_START.field)).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(forms()).toHaveLength(1));
    expect(forms()[0]!.get('saleStartsAt')).toBe('');
  });
});
