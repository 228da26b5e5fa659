import {
  DASHBOARD,
  DASHBOARD_RULES,
  FILE_FIELD,
  INPUT_RULES,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_FORM,
  PRODUCT_NAME_MAX_LENGTH,
  type Product,
} from '@otaku/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { stubApi, type ApiHandler } from '../../../test/api-stub';
import { createProduct } from '../../../test/catalog-factories';
import { jsonResponse } from '../../../test/factories';
import { ProductFormModal } from './product-form-modal';

// Lazy pages and many keystrokes can be slow on a busy two-core machine.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no object URLs; the preview only needs one to show.
beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} });
});

/** Renders the open form and waits for it: a dialog's code loads when it first opens. */
async function renderForm(product?: Product, onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProductFormModal open onOpenChange={onOpenChange} product={product} />
    </QueryClientProvider>,
  );
  await screen.findByRole('dialog');
  return onOpenChange;
}

/** The save calls, answered as the server does (or by `answer`); their forms, in order. */
function stubSave(answer?: ApiHandler) {
  const saved: ApiHandler = () =>
    jsonResponse(
      {
        success: true,
        message: 'Product saved',
        product: { productID: 'CLO-ABCDEF', _id: 'CLO-ABCDEF', image: '/x.webp' },
      },
      201,
    );
  const api = stubApi({
    'POST /api/product/createProduct': answer ?? saved,
    'PUT /api/product/updateProduct': answer ?? saved,
  });
  return () => api.calls.map((call) => call.init.body as FormData);
}

const picture = () => new File(['png'], 'cover.png', { type: 'image/png' });

/** Fills a new jacket in S and M, 3 and 4 in stock, with a picture. */
async function fillJacket() {
  await userEvent.type(screen.getByLabelText('Name'), 'Festival Jacket');
  await userEvent.type(screen.getByLabelText('Description'), 'Warm.');
  await userEvent.type(screen.getByLabelText('Price ($)'), '49.5');
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'clothes');
  await userEvent.selectOptions(screen.getByLabelText('Merchandise type'), 'jacket');
  await userEvent.click(screen.getByLabelText('M'));
  await userEvent.click(screen.getByLabelText('S'));
  await userEvent.type(screen.getByLabelText('Stock for S'), '3');
  await userEvent.type(screen.getByLabelText('Stock for M'), '4');
  await userEvent.upload(screen.getByLabelText('Image'), picture());
}

describe('ProductFormModal', { timeout: 20_000 }, () => {
  it('takes a picture through its labelled input and shows the chosen name and preview', async () => {
    await renderForm();
    const input = screen.getByLabelText('Image');
    expect(input).toHaveAccessibleDescription(
      `${FILE_FIELD.none} ${PRODUCT_FORM.imageHint}, image files only`,
    );
    await userEvent.upload(input, picture());
    expect(screen.getByText('cover.png')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(
      `cover.png ${PRODUCT_FORM.imageHint}, image files only`,
    );
    expect(screen.getByRole('img', { name: 'Product preview' })).toBeInTheDocument();
  });

  it('has a disabled auto ID in create mode and normalises volumes on blur', async () => {
    await renderForm();
    expect(screen.getByLabelText('Product ID')).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'comics');
    await userEvent.type(screen.getByLabelText('Volumes'), ' v1,v2 ');
    await userEvent.tab();
    expect(screen.getByLabelText('Volumes')).toHaveValue('V1, V2');
    expect(screen.getByLabelText('Stock for V1')).toHaveFocus();
  });

  it('tells a stock field it is required once it was touched or the form saved, not when the form adds it', async () => {
    await renderForm();
    const requiredShown = () =>
      screen
        .queryAllByText(/^Stock( for (Volume|Size) \S+)? is required!$/)
        .map((message) => message.textContent);
    // A toy's single stock, added by the category.
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'toys');
    expect(screen.getByLabelText('Stock')).toBeInTheDocument();
    expect(requiredShown()).toEqual([]);
    // A comic's volumes, while they are typed and once the cursor has left them.
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'comics');
    await userEvent.type(screen.getByLabelText('Volumes'), 'V1, V2');
    expect(screen.getByLabelText('Stock for V2')).toBeInTheDocument();
    expect(requiredShown()).toEqual([]);
    await userEvent.tab();
    expect(requiredShown()).toEqual([]);
    // Stock for V1 is left empty: that one says so; V2, not yet reached, does not.
    await userEvent.tab();
    expect(requiredShown()).toEqual([PRODUCT_FORM.volumeStockRequired('V1')]);
    // A size ticked.
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'clothes');
    await userEvent.click(screen.getByLabelText('M'));
    expect(screen.getByLabelText('Stock for M')).toBeInTheDocument();
    expect(requiredShown()).toEqual([]);
    // Saving tells every one that is empty.
    await userEvent.click(screen.getByLabelText('S'));
    await userEvent.click(screen.getByRole('button', { name: /Save|Create/ }));
    expect(await screen.findByText(PRODUCT_FORM.sizeStockRequired('S'))).toBeInTheDocument();
    expect(requiredShown()).toEqual([
      PRODUCT_FORM.sizeStockRequired('S'),
      PRODUCT_FORM.sizeStockRequired('M'),
    ]);
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
    // The fields the category brings are not told they are required before they are touched:
    // the sizes' hint, not yet the rule's message, and nothing under the type.
    expect(screen.getByText('Choose sizes to enter their stock.')).toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD_RULES.sizesRequired)).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('M'));
    expect(screen.getByLabelText('Stock for M')).toBeInTheDocument();
    expect(screen.queryByText(PRODUCT_FORM.merchTypeRequired)).not.toBeInTheDocument();
    // A size ticked off again was touched: the rule's message, not also the hint.
    await userEvent.click(screen.getByLabelText('M'));
    expect(screen.getByText(DASHBOARD_RULES.sizesRequired)).toBeInTheDocument();
    expect(screen.queryByText('Choose sizes to enter their stock.')).not.toBeInTheDocument();
    // Saving says what is still missing, every field at once.
    await userEvent.click(screen.getByRole('button', { name: /Save|Create/ }));
    expect(await screen.findByText(PRODUCT_FORM.merchTypeRequired)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'comics');
    expect(screen.getByLabelText('Volumes')).toHaveValue('');
  });

  it("keeps a size's count while the size is ticked off and on, and forgets it with the category", async () => {
    await renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'shoes');
    await userEvent.click(screen.getByLabelText('L'));
    await userEvent.type(screen.getByLabelText('Stock for L'), '6');
    await userEvent.click(screen.getByLabelText('L'));
    expect(screen.queryByLabelText('Stock for L')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('L'));
    expect(screen.getByLabelText('Stock for L')).toHaveValue('6');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'clothes');
    await userEvent.click(screen.getByLabelText('L'));
    expect(screen.getByLabelText('Stock for L')).toHaveValue('');
  });

  it('creates a product with its picture, sizes in size order and their stock', async () => {
    const forms = stubSave();
    const success = vi.spyOn(toast, 'success');
    const onOpenChange = await renderForm();
    expect(screen.queryByRole('img', { name: 'Product preview' })).not.toBeInTheDocument();
    await fillJacket();
    expect(screen.getByRole('img', { name: 'Product preview' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    // Stock rows follow the size order, not the order they were ticked in.
    const stock = screen.getByRole('group', { name: 'Stock' });
    expect(
      within(stock)
        .getAllByRole('textbox')
        .map((box) => box.id),
    ).toEqual(['stock-S', 'stock-M']);
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(success).toHaveBeenCalledWith(DASHBOARD.productCreated('CLO-ABCDEF'));
    const [sent] = forms() as [FormData];
    expect(JSON.parse(String(sent.get('stock')))).toEqual({ S: 3, M: 4 });
    expect(sent.get('merchType')).toBe('jacket');
    expect(sent.get('price')).toBe('49.5');
    expect((sent.get('image') as File).name).toBe('cover.png');
    expect(sent.has('stockSeen')).toBe(false);
  });

  it('asks for a picture on Save, and takes the focus to the first field refused', async () => {
    const forms = stubSave();
    await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText(PRODUCT_FORM.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(PRODUCT_FORM.imageRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.upload(screen.getByLabelText('Image'), picture());
    expect(screen.queryByText(PRODUCT_FORM.imageRequired)).not.toBeInTheDocument();
    expect(screen.getByText(PRODUCT_FORM.nameRequired)).toBeInTheDocument();
    expect(forms()).toEqual([]);
  });

  /** Where a message about this field shows: beside its input, or last in the form. */
  const beside = (label: string) => () => screen.getByLabelText(label).parentElement;
  const underTheForm = () => screen.getByRole('dialog').querySelector('form');

  it.each([
    ['on the field it names', { field: 'image' }, beside('Image')],
    ["on a variant's stock", { field: 'stock.M' }, beside('Stock for M')],
    ['under the form, naming no field', {}, underTheForm],
    ['under the form, naming a field it does not have', { field: 'weight' }, underTheForm],
  ])('shows a refusal %s, until the next change', async (_where, named, place) => {
    stubSave(() =>
      jsonResponse({ success: false, message: DASHBOARD_RULES.imageUnreadable, ...named }, 400),
    );
    await renderForm();
    await fillJacket();
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    const message = await screen.findByText(DASHBOARD_RULES.imageUnreadable);
    expect(screen.getAllByRole('alert')).toEqual([message]);
    expect(message.parentElement).toBe(place());
    await userEvent.type(screen.getByLabelText('Name'), '!');
    expect(screen.queryByText(DASHBOARD_RULES.imageUnreadable)).not.toBeInTheDocument();
  });

  it('saves an edit with the stock it was opened with, so the server applies the change', async () => {
    const product = createProduct({ volumes: ['V1', 'V2'], stock: { V1: 5, V2: 0 } });
    const forms = stubSave();
    await renderForm(product);
    expect(screen.getByRole('img', { name: 'Product preview' })).toHaveAttribute(
      'src',
      product.images.small,
    );
    await userEvent.clear(screen.getByLabelText('Stock for V1'));
    await userEvent.type(screen.getByLabelText('Stock for V1'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(forms()).toHaveLength(1));
    const [body] = forms() as [FormData];
    expect(JSON.parse(String(body.get('stock')))).toEqual({ V1: 7, V2: 0 });
    expect(JSON.parse(String(body.get('stockSeen')))).toEqual({ V1: 5, V2: 0 });
    expect(JSON.parse(String(body.get('volumes')))).toEqual(['V1', 'V2']);
    expect(body.get('image')).toBe(product.image);
    expect(body.get('limitPerCustomer')).toBe('');
  });

  it('edits the limit per customer, refusing what the shared rules refuse', async () => {
    const product = createProduct({ limitPerCustomer: 3 });
    const forms = stubSave();
    await renderForm(product);
    const limit = screen.getByLabelText('Limit per customer');
    expect(limit).toHaveValue('3');
    await userEvent.clear(limit);
    await userEvent.type(limit, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(DASHBOARD_RULES.limitTooLow)).toBeInTheDocument();
    expect(forms()).toEqual([]);
    await userEvent.clear(limit);
    await userEvent.type(limit, '2');
    expect(screen.queryByText(DASHBOARD_RULES.limitTooLow)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(forms()).toHaveLength(1));
    expect(forms()[0]!.get('limitPerCustomer')).toBe('2');
  });
});
