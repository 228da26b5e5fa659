import { DATE_FIELD, SALE_START, TIME_FIELD } from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
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
  const date = () => screen.getByLabelText(SALE_START.date);
  const time = () => screen.getByLabelText(SALE_START.time);

  it("shows the product's start in this browser's zone as dd-mm-yyyy and hh:mm, and sends the instant a new value names", async () => {
    const startsAt = new Date(2026, 11, 1, 18, 0).toISOString();
    const forms = await editForm(createProduct({ saleStartsAt: startsAt }));
    expect(screen.getByRole('group', { name: SALE_START.field })).toContainElement(date());
    // Text fields, not the browser's own (mm/dd/yyyy, --:-- -- in en-US).
    expect(date()).toHaveAttribute('type', 'text');
    expect(time()).toHaveAttribute('type', 'text');
    expect(date()).toHaveValue('01-12-2026');
    expect(time()).toHaveValue('18:00');
    expect(date()).toHaveAccessibleDescription(`${DATE_FIELD.hint} ${SALE_START.hint}`);
    expect(time()).toHaveAccessibleDescription(`${TIME_FIELD.hint} ${SALE_START.hint}`);

    await userEvent.clear(date());
    await userEvent.type(date(), '24-12-2026');
    await userEvent.clear(time());
    await userEvent.type(time(), '9:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(forms()).toHaveLength(1));
    expect(forms()[0]!.get('saleStartsAt')).toBe(new Date(2026, 11, 24, 9, 30).toISOString());
  });

  it('sends empty for a product without one, so it sells at once', async () => {
    const forms = await editForm(createProduct());
    expect(date()).toHaveValue('');
    expect(time()).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(forms()).toHaveLength(1));
    expect(forms()[0]!.get('saleStartsAt')).toBe('');
  });

  it.each([
    ['a date without a time', '24-12-2026', ''],
    ['a time without a date', '', '18:00'],
    ['a day that does not exist', '31-02-2027', '18:00'],
    ['a time that does not exist', '24-12-2026', '24:30'],
    ['a 12-hour time', '24-12-2026', '6 PM'],
  ])('refuses %s in its own words, and sends nothing', async (_case, day, hour) => {
    const forms = await editForm(createProduct());
    if (day) await userEvent.type(date(), day);
    if (hour) await userEvent.type(time(), hour);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(SALE_START.formInvalid)).toBeInTheDocument();
    expect(forms()).toHaveLength(0);
  });
});
