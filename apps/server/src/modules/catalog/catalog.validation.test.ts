import { VALIDATION } from '@otaku/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';

const t = useTestApp();

const getProducts = (raw: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/product/getProducts?${new URLSearchParams({ productConstraints: raw })}`,
  });

describe('GET /api/product/getProducts with bad constraints', () => {
  it.each([
    ['not JSON', '{category:', 'productConstraints', 'productConstraints must be valid JSON'],
    ['a JSON array', '[1,2]', 'productConstraints', 'productConstraints must be an object'],
    [
      'an unknown category',
      '{"category":"books"}',
      'productConstraints.category',
      'productConstraints.category must be one of: comics, clothes, shoes, toys',
    ],
    [
      'a price above 100',
      '{"price":101}',
      'productConstraints.price',
      'productConstraints.price must be at most 100',
    ],
    [
      'a negative price',
      '{"price":-1}',
      'productConstraints.price',
      'productConstraints.price must be at least 0',
    ],
    [
      'a price that is not a number',
      '{"price":"cheap"}',
      'productConstraints.price',
      'productConstraints.price must be a number',
    ],
    [
      'page 0',
      '{"page":0}',
      'productConstraints.page',
      'productConstraints.page must be at least 1',
    ],
    [
      'a fractional page',
      '{"page":1.5}',
      'productConstraints.page',
      'productConstraints.page must be a whole number',
    ],
    [
      'an unknown sort',
      '{"sortBy":"cheapest"}',
      'productConstraints.sortBy',
      'productConstraints.sortBy must be one of: popular, price-low, price-high',
    ],
    [
      'types of another category',
      '{"category":"comics","productTypes":["sneakers"]}',
      'productConstraints.productTypes',
      "productConstraints.productTypes must be ['all'] or types of comics: action, adventure, comedy, drama, fantasy",
    ],
    [
      "'all' mixed with a type",
      '{"category":"toys","productTypes":["all","car"]}',
      'productConstraints.productTypes',
      "productConstraints.productTypes must be ['all'] or types of toys: action-figure, doll, car",
    ],
    [
      'types that are not a list',
      '{"productTypes":"action"}',
      'productConstraints.productTypes',
      'productConstraints.productTypes must be an array',
    ],
    [
      'a one-letter search',
      '{"searchQuery":"n"}',
      'productConstraints.searchQuery',
      VALIDATION.searchTooShort,
    ],
    [
      'a search of two spaces and a letter',
      '{"searchQuery":"  n "}',
      'productConstraints.searchQuery',
      VALIDATION.searchTooShort,
    ],
  ])('answers 400 for %s, naming the field', async (_label, raw, field, message) => {
    const res = await getProducts(raw);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION', field, message });
  });
});

describe('GET /api/search/products with a bad query', () => {
  it('answers 400 with the spec message for one character', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search/products?data=n' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: VALIDATION.searchTooShort });
  });

  it('answers 400 when data is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search/products' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'data' });
  });
});

describe('GET /api/product/verifyStock with a bad query', () => {
  it.each([
    ['no itemName', 'selectedVariant=V1&itemQuantity=1', 'itemName', 'itemName is required'],
    [
      'a quantity of 0',
      'itemName=COM-AAAAAA&itemQuantity=0',
      'itemQuantity',
      'itemQuantity must be at least 1',
    ],
    [
      'a quantity that is not a number',
      'itemName=COM-AAAAAA&itemQuantity=many',
      'itemQuantity',
      'itemQuantity must be a number',
    ],
  ])('answers 400 for %s', async (_label, query, field, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/verifyStock?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION', field, message });
  });
});
