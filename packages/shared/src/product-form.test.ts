import { describe, expect, it } from 'vitest';
import { PRODUCT_FORM } from './messages';
import {
  checkProductForm,
  emptyProductForm,
  normaliseVolumes,
  stockKeys,
  toProductPayload,
  type ProductFormValues,
} from './product-form';

const comic = (patch: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProductForm(),
  name: 'Blade',
  description: 'A comic.',
  price: '9.99',
  category: 'comics',
  volumes: 'V1, V2',
  stock: { V1: '1', V2: '0' },
  hasImage: true,
  ...patch,
});

describe('product form rules', () => {
  it('accepts a complete comic and turns it into cents and variants', () => {
    expect(checkProductForm(comic(), 'create')).toEqual({});
    expect(toProductPayload(comic())).toMatchObject({
      priceCents: 999,
      variants: [
        { variant: 'V1', stock: 1 },
        { variant: 'V2', stock: 0 },
      ],
    });
  });

  it('normalises volumes on blur: trimmed, upper-case V, empty entries dropped', () => {
    expect(normaliseVolumes(' v1 ,V2,, v10 ')).toBe('V1, V2, V10');
  });

  it('asks for the ID only on edit and the image only on create', () => {
    expect(checkProductForm(comic({ hasImage: false }), 'create').image).toBe(
      PRODUCT_FORM.imageRequired,
    );
    const edit = checkProductForm(comic({ hasImage: false }), 'edit');
    expect(edit.image).toBeUndefined();
    expect(edit.productID).toBe(PRODUCT_FORM.productIdRequired);
  });

  it('enters stock for sizes only once sizes are chosen, in size order', () => {
    const clothes = comic({ category: 'clothes', merchType: 'jacket', volumes: '', stock: {} });
    expect(stockKeys(clothes)).toEqual([]);
    expect(stockKeys({ ...clothes, sizes: ['XL', 'S'] })).toEqual(['S', 'XL']);
  });

  it.each([
    ['', PRODUCT_FORM.stockRequired],
    ['-2', PRODUCT_FORM.stockNegative],
    ['abc', PRODUCT_FORM.notANumber],
  ])('refuses a toy stock of %j', (stock, message) => {
    const toy = comic({ category: 'toys', toyType: 'car', volumes: '', stock: { '': stock } });
    expect(checkProductForm(toy, 'create')['stock.']).toBe(message);
  });
});
