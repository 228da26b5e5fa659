import { DASHBOARD_RULES, PRODUCT_FORM } from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductFormModal } from './product-form-modal';

// Lazy pages and many keystrokes can be slow on a busy two-core machine.
configure({ asyncUtilTimeout: 5_000 });

/** Renders the open form and waits for it: a dialog's code loads when it first opens. */
async function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProductFormModal open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  await screen.findByRole('dialog');
}

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
});
