import { describe, expect, it } from 'vitest';
import {
  PRICE_MAX_CENTS,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  STOCK_MAX,
  VARIANT_MAX_LENGTH,
} from './constants';
import { DASHBOARD_RULES } from './dashboard-messages';
import { INPUT_RULES, PRODUCT_FORM } from './messages';
import {
  checkProductForm,
  emptyProductForm,
  normaliseVolumes,
  productFormSchema,
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
  it('reads a volume in either case as the one it is saved as: a duplicate, one stock field', () => {
    expect(checkProductForm(comic({ volumes: 'v1, v2' }), 'create')).toEqual({});
    expect(checkProductForm(comic({ volumes: 'V1, v1' }), 'create').volumes).toBe(
      PRODUCT_FORM.volumeDuplicate,
    );
    expect(checkProductForm(comic({ volumes: 'v2, V1, V2' }), 'create').volumes).toBe(
      PRODUCT_FORM.volumeDuplicate,
    );
    expect(stockKeys({ category: 'comics', volumes: 'V1, v1, v2, V2', sizes: [] })).toEqual([
      'V1',
      'V2',
    ]);
  });

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

describe('product form schema (the dashboard form)', () => {
  const fields = {
    ...emptyProductForm(),
    name: 'Blade',
    description: 'A comic.',
    price: '9.99',
    category: 'comics' as const,
    volumes: 'V1, V2',
    variants: [
      { variant: 'V1', stock: '1' },
      { variant: 'V2', stock: '' },
    ],
    image: null,
  };

  it("puts each rule's message on its field, and a variant's stock on its row", () => {
    const result = productFormSchema('create').safeParse({ ...fields, price: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['price'], message: PRODUCT_FORM.priceRequired },
      { path: ['image'], message: PRODUCT_FORM.imageRequired },
      { path: ['variants', 1, 'stock'], message: PRODUCT_FORM.volumeStockRequired('V2') },
    ]);
  });

  it('takes a chosen picture for the image, and needs none on an edit', () => {
    const stocked = { ...fields, variants: [fields.variants[0]!, { variant: 'V2', stock: '0' }] };
    expect(productFormSchema('create').safeParse({ ...stocked, image: {} }).success).toBe(true);
    const edit = { ...stocked, productID: 'COM-AAAAAA' };
    expect(productFormSchema('edit').safeParse(edit).success).toBe(true);
  });
});

describe('product form limits', () => {
  const toy = (patch: Partial<ProductFormValues> = {}) =>
    comic({ category: 'toys', toyType: 'car', volumes: '', stock: { '': '3' }, ...patch });
  const errorsOf = (values: ProductFormValues) => checkProductForm(values, 'create');

  it('takes a name of 120 characters and refuses 121', () => {
    expect(errorsOf(comic({ name: 'n'.repeat(120) })).name).toBeUndefined();
    expect(errorsOf(comic({ name: 'n'.repeat(121) })).name).toBe(DASHBOARD_RULES.nameTooLong);
    expect(errorsOf(comic({ name: '   ' })).name).toBe(PRODUCT_FORM.nameRequired);
  });

  it.each(['QA\u0007Toy', 'QA\u001bToy', 'Toy\u202e', 'Toy\u2067x', 'Two\nlines', 'Tab\there'])(
    'refuses the name %j',
    (name) => {
      expect(errorsOf(comic({ name })).name).toBe(INPUT_RULES.controlCharacters('Product name'));
    },
  );

  it('takes a description of 2,000 characters, counting a line break once, and refuses more', () => {
    expect(PRODUCT_DESCRIPTION_MAX_LENGTH).toBe(2_000);
    const at = (length: number) => comic({ description: 'd'.repeat(length) });
    expect(errorsOf(at(2_000)).description).toBeUndefined();
    expect(errorsOf(at(2_001)).description).toBe(DASHBOARD_RULES.descriptionTooLong);
    expect(errorsOf(at(5_000_000)).description).toBe(DASHBOARD_RULES.descriptionTooLong);
    expect(DASHBOARD_RULES.descriptionTooLong).toBe('Description must be at most 2,000 characters');
    // 1,000 lines of one letter as a form sends them: 1,999 characters typed, 2,998 sent.
    const lines = Array.from({ length: 1_000 }, () => 'd').join('\r\n');
    expect(errorsOf(comic({ description: lines })).description).toBeUndefined();
    // Spaces around it are not counted, as they are not saved.
    expect(
      errorsOf(comic({ description: ` ${'d'.repeat(2_000)}\n ` })).description,
    ).toBeUndefined();
  });

  it('allows line breaks in the description, not other control characters', () => {
    expect(errorsOf(comic({ description: 'Line one.\nLine two.\r\n\tIndented.' }))).toEqual({});
    expect(errorsOf(comic({ description: 'Bell\u0007' })).description).toBe(
      INPUT_RULES.controlCharacters('Description'),
    );
  });

  it('refuses a volume longer than the cart takes', () => {
    const volume = `V${'1'.repeat(VARIANT_MAX_LENGTH)}`;
    const values = comic({ volumes: `V1, ${volume}`, stock: { V1: '1', [volume]: '10' } });
    expect(errorsOf(values).volumes).toBe(DASHBOARD_RULES.volumeTooLong(volume));
    const longest = `V${'1'.repeat(VARIANT_MAX_LENGTH - 1)}`;
    expect(errorsOf(comic({ volumes: longest, stock: { [longest]: '1' } }))).toEqual({});
  });

  it.each([
    ['', PRODUCT_FORM.priceRequired],
    ['0x10', DASHBOARD_RULES.priceInvalid],
    ['0b11', DASHBOARD_RULES.priceInvalid],
    ['1e1', DASHBOARD_RULES.priceInvalid],
    ['Infinity', DASHBOARD_RULES.priceInvalid],
    ['12,99', DASHBOARD_RULES.priceInvalid],
    ['0.004', DASHBOARD_RULES.priceDecimals],
    ['9.999', DASHBOARD_RULES.priceDecimals],
    ['0', DASHBOARD_RULES.priceTooLow],
    ['0.00', DASHBOARD_RULES.priceTooLow],
    ['-5', DASHBOARD_RULES.priceTooLow],
    ['10000.01', DASHBOARD_RULES.priceTooHigh],
    ['1e20', DASHBOARD_RULES.priceInvalid],
    ['100000000000000000000', DASHBOARD_RULES.priceTooHigh],
  ])('refuses the price %j', (price, message) => {
    expect(errorsOf(comic({ price })).price).toBe(message);
  });

  it.each([
    ['0.01', 1],
    ['12.5', 1250],
    [' 12.50 ', 1250],
    ['.99', 99],
    ['3.', 300],
    ['10000', PRICE_MAX_CENTS],
  ])('takes the price %j as %i cents', (price, cents) => {
    expect(errorsOf(comic({ price }))).toEqual({});
    expect(toProductPayload(comic({ price })).priceCents).toBe(cents);
  });

  it.each([
    ['0x10', PRODUCT_FORM.notANumber],
    ['0b11', PRODUCT_FORM.notANumber],
    ['1e1', PRODUCT_FORM.notANumber],
    ['1e10', PRODUCT_FORM.notANumber],
    ['1.5', DASHBOARD_RULES.stockNotWhole],
    ['10000000000', DASHBOARD_RULES.stockTooHigh],
    [String(STOCK_MAX + 1), DASHBOARD_RULES.stockTooHigh],
  ])('refuses the stock %j', (stock, message) => {
    expect(errorsOf(toy({ stock: { '': stock } }))['stock.']).toBe(message);
  });

  it('takes stock up to the maximum', () => {
    const values = toy({ stock: { '': String(STOCK_MAX) } });
    expect(errorsOf(values)).toEqual({});
    expect(toProductPayload(values).variants).toEqual([{ variant: '', stock: STOCK_MAX }]);
  });
});
