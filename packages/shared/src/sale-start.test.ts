import { describe, expect, it } from 'vitest';
import { fromProductFormFields, checkProductForm } from './product-form';
import {
  checkSaleStartsAt,
  formatUtcDateTime,
  fromLocalDateTime,
  joinLocalDateTime,
  SALE_START,
  SALE_START_RULES,
  splitLocalDateTime,
  timeLeft,
  toLocalDateTime,
} from './sale-start';

describe('checkSaleStartsAt', () => {
  it('takes an instant with its zone, and empty for none', () => {
    expect(checkSaleStartsAt('  ')).toBeNull();
    expect((checkSaleStartsAt('2026-12-01T18:00Z') as Date).toISOString()).toBe(
      '2026-12-01T18:00:00.000Z',
    );
    expect((checkSaleStartsAt('2026-12-01t18:00:30.5+09:00') as Date).toISOString()).toBe(
      '2026-12-01T09:00:30.500Z',
    );
  });

  it.each([
    'soon',
    '2026-12-01',
    '2026-12-01T18:00',
    '2026-13-01T18:00Z',
    '2026-02-29T18:00Z',
    '2026-12-01T18:60Z',
    '2026-12-01T18:00+24:00',
    '12/01/2026 6:00 PM',
    '9'.repeat(100),
  ])('refuses %j', (raw) => {
    expect(checkSaleStartsAt(raw)).toBe(SALE_START_RULES.invalid);
  });

  it('refuses a year before 2000', () => {
    expect(checkSaleStartsAt('1999-12-31T23:00Z')).toBe(SALE_START_RULES.tooEarly);
  });
});

describe('the dashboard field', () => {
  it('reads a datetime-local value in the local zone and shows an instant back the same way', () => {
    const local = '2026-12-01T18:00';
    const sent = fromLocalDateTime(local);
    expect(new Date(sent).getTime()).toBe(new Date(2026, 11, 1, 18, 0).getTime());
    expect(toLocalDateTime(sent)).toBe(local);
    expect(toLocalDateTime(new Date(2026, 11, 1, 18, 0, 7).toISOString())).toBe(
      '2026-12-01T18:00:07',
    );
    expect(fromLocalDateTime('')).toBe('');
    expect(fromLocalDateTime('next week')).toBe('next week');
    expect(toLocalDateTime(null)).toBe('');
  });

  it('sends a typed day or time that does not exist as typed, for the rule to refuse', () => {
    // A browser reads 2026-02-31T18:30 as the 3rd of March.
    for (const local of ['2026-02-31T18:30', '2026-12-01T24:00', '2026-12-01T18:60', '2026-12-01T'])
      expect(checkSaleStartsAt(fromLocalDateTime(local))).toBe(SALE_START_RULES.invalid);
  });

  it("splits the form's value into its date and time, and joins them back", () => {
    expect(splitLocalDateTime('2026-12-01T18:00')).toEqual({ date: '2026-12-01', time: '18:00' });
    expect(splitLocalDateTime('')).toEqual({ date: '', time: '' });
    expect(splitLocalDateTime('T18:00')).toEqual({ date: '', time: '18:00' });
    expect(joinLocalDateTime('2026-12-01', '18:00')).toBe('2026-12-01T18:00');
    expect(joinLocalDateTime('2026-12-01', '')).toBe('2026-12-01T');
    expect(joinLocalDateTime('', '')).toBe('');
  });

  it('speaks on the field through the form rules', () => {
    const fields = {
      productID: '',
      name: 'Drop',
      description: 'A drop.',
      price: '10',
      category: 'toys' as const,
      genres: [],
      volumes: '',
      sizes: [],
      merchType: '',
      toyType: 'doll',
      variants: [{ variant: '', stock: '5' }],
      image: {},
      limitPerCustomer: '',
    };
    expect(
      checkProductForm(fromProductFormFields({ ...fields, saleStartsAt: '' }), 'create'),
    ).toEqual({});
    expect(
      checkProductForm(
        fromProductFormFields({ ...fields, saleStartsAt: '2026-12-01T18:00' }),
        'create',
      ),
    ).toEqual({});
    expect(
      checkProductForm(fromProductFormFields({ ...fields, saleStartsAt: 'later' }), 'create'),
    ).toEqual({ saleStartsAt: SALE_START_RULES.invalid });
  });
});

describe('timeLeft', () => {
  it('counts whole days, hours, minutes and seconds, rounding up to the second', () => {
    expect(timeLeft(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(timeLeft(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(timeLeft(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(timeLeft(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('is read out without empty leading units', () => {
    expect(SALE_START.timeLeft({ days: 0, hours: 0, minutes: 1, seconds: 5 })).toBe(
      '1 minute, 5 seconds',
    );
    expect(SALE_START.timeLeft({ days: 1, hours: 0, minutes: 0, seconds: 0 })).toBe(
      '1 day, 0 hours, 0 minutes, 0 seconds',
    );
  });
});

describe('the refusal before the start', () => {
  it('names the start in UTC, the same wherever the server runs', () => {
    expect(formatUtcDateTime('2026-12-01T18:05:00.000Z')).toBe('December 1, 2026 at 6:05 PM UTC');
    expect(SALE_START.notOnSaleYet('2026-12-01T18:05:00.000Z')).toBe(
      'This item is not on sale yet. It goes on sale on December 1, 2026 at 6:05 PM UTC.',
    );
  });
});
