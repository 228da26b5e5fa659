import {
  DASHBOARD_RULES,
  INPUT_RULES,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_FORM,
  PRODUCT_NAME_MAX_LENGTH,
  type Product,
} from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProduct } from '../../../test/catalog-factories';
import { jsonResponse } from '../../../test/factories';
import { ProductFormModal } from './product-form-modal';

// Lazy pages and many keystrokes can be slow on a busy two-core machine.
configure({ asyncUtilTimeout: 5_000 });

/** Renders the open form and waits for it: a dialog's code loads when it first opens. */
async function renderForm(product?: Product) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProductFormModal open onOpenChange={() => {}} product={product} />
    </QueryClientProvider>,
  );
  await screen.findByRole('dialog');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductFormModal', { timeout: 20_000 }, () => {
  it('has a disabled auto ID in create mode and normalises volumes on blur', async () => {
    await renderForm();
    expect(screen.getByLabelText('Product ID')).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'comics');
    await userEvent.type(screen.getByLabelText('Volumes'), ' v1,v2 ');
    await userEvent.tab();
    expect(screen.getByLabelText('Volumes')).toHaveValue('V1, V2');
    expect(screen.getByText(PRODUCT_FORM.volumeStockRequired('V2'))).toBeInTheDocument();
  });

  it('shows the limits of the shared rules as they are typed', async () => {
    await renderForm();
    expect(screen.getByLabelText('Name')).toHaveAttribute(
      'maxlength',
      String(PRODUCT_NAME_MAX_LENGTH),
    );
    expect(screen.getByLabelText('Description')).toHaveAttribute(
      'maxlength',
      String(PRODUCT_DESCRIPTION_MAX_LENGTH),
    );
    await userEvent.type(screen.getByLabelText('Price ($)'), '0.004');
    expect(screen.getByText(DASHBOARD_RULES.priceDecimals)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'toys');
    await userEvent.type(screen.getByLabelText('Stock'), '0x10');
    expect(screen.getByText(PRODUCT_FORM.notANumber)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Bell\u0007');
    expect(screen.getByText(INPUT_RULES.controlCharacters('Product name'))).toBeInTheDocument();
  });

  it('asks for a description saved before the limit to be shortened at its next edit', async () => {
    const long = 'An old, very long description. '.repeat(100);
    await renderForm(createProduct({ description: long }));
    await userEvent.type(screen.getByLabelText('Name'), '!');
    expect(screen.getByText(DASHBOARD_RULES.descriptionTooLong)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Description'));
    await userEvent.type(screen.getByLabelText('Description'), 'Shorter now.');
    expect(screen.queryByText(DASHBOARD_RULES.descriptionTooLong)).not.toBeInTheDocument();
  });

  it('reports a bad volume, asks for sizes before stock, and clears fields on category change', async () => {
    await renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'comics');
    await userEvent.type(screen.getByLabelText('Volumes'), 'V1, X2');
    expect(screen.getByText(PRODUCT_FORM.volumeFormat('X2'))).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'clothes');
    expect(screen.queryByLabelText('Volumes')).not.toBeInTheDocument();
    expect(screen.queryByText('Stock')).not.toBeInTheDocument();
    // The rule's message, not also the hint that says the same.
    expect(screen.getByText(DASHBOARD_RULES.sizesRequired)).toBeInTheDocument();
    expect(screen.queryByText('Choose sizes to enter their stock.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('M'));
    expect(screen.getByLabelText('Stock for M')).toBeInTheDocument();
    expect(screen.getByText(PRODUCT_FORM.merchTypeRequired)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'comics');
    expect(screen.getByLabelText('Volumes')).toHaveValue('');
  });

  it('saves an edit with the stock it was opened with, so the server applies the change', async () => {
    const product = createProduct({ volumes: ['V1', 'V2'], stock: { V1: 5, V2: 0 } });
    const fetchStub = vi.fn(async () =>
      jsonResponse({
        success: true,
        message: 'Product updated successfully',
        product: { productID: product.productID, _id: product.productID, image: '/x' },
      }),
    );
    vi.stubGlobal('fetch', fetchStub);
    await renderForm(product);
    await userEvent.clear(screen.getByLabelText('Stock for V1'));
    await userEvent.type(screen.getByLabelText('Stock for V1'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(fetchStub).toHaveBeenCalledOnce());
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/product/updateProduct');
    const body = init.body as FormData;
    expect(JSON.parse(String(body.get('stock')))).toEqual({ V1: 7, V2: 0 });
    expect(JSON.parse(String(body.get('stockSeen')))).toEqual({ V1: 5, V2: 0 });
    expect(body.get('image')).toBe(product.image.large);
    expect(body.get('limitPerCustomer')).toBe('');
  });

  it('edits the limit per customer, refusing what the shared rules refuse', async () => {
    const product = createProduct({ limitPerCustomer: 3 });
    const fetchStub = vi.fn(async () =>
      jsonResponse({
        success: true,
        message: 'Product updated successfully',
        product: { productID: product.productID, _id: product.productID, image: '/x' },
      }),
    );
    vi.stubGlobal('fetch', fetchStub);
    await renderForm(product);
    const limit = screen.getByLabelText('Limit per customer');
    expect(limit).toHaveValue('3');
    await userEvent.clear(limit);
    await userEvent.type(limit, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(DASHBOARD_RULES.limitTooLow)).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
    await userEvent.clear(limit);
    await userEvent.type(limit, '2');
    expect(screen.queryByText(DASHBOARD_RULES.limitTooLow)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(fetchStub).toHaveBeenCalledOnce());
    const [, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.body as FormData).get('limitPerCustomer')).toBe('2');
  });
});
