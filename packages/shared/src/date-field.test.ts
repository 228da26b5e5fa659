import { describe, expect, it } from 'vitest';
import { dateFieldText, dateFieldValue, timeFieldValue } from './date-field';

describe('the date field', () => {
  it('sends dd-mm-yyyy as yyyy-mm-dd, with -, / or . and one-digit day or month', () => {
    expect(dateFieldValue('31-12-2027')).toBe('2027-12-31');
    expect(dateFieldValue(' 5/1/2028 ')).toBe('2028-01-05');
    expect(dateFieldValue('07.03.2029')).toBe('2029-03-07');
  });

  it('passes yyyy-mm-dd on, and anything else as typed for the schema to refuse', () => {
    expect(dateFieldValue('2027-05-01')).toBe('2027-05-01');
    expect(dateFieldValue('12-2027')).toBe('12-2027');
    expect(dateFieldValue('31-12-27')).toBe('31-12-27');
    expect(dateFieldValue('')).toBe('');
  });

  it('shows yyyy-mm-dd and a timestamp as dd-mm-yyyy', () => {
    expect(dateFieldText('2027-05-01')).toBe('01-05-2027');
    expect(dateFieldText('2027-05-01T23:59:59.999Z')).toBe('01-05-2027');
    expect(dateFieldText('soon')).toBe('soon');
  });
});

describe('the time field', () => {
  it('sends h:mm or hh:mm (also with a dot, and seconds) as hh:mm', () => {
    expect(timeFieldValue(' 9:05 ')).toBe('09:05');
    expect(timeFieldValue('18.30')).toBe('18:30');
    expect(timeFieldValue('18:30:15')).toBe('18:30:15');
  });

  it('passes anything else on as typed, for the rule to refuse', () => {
    for (const typed of ['6 PM', '1830', '18:3', '']) expect(timeFieldValue(typed)).toBe(typed);
  });
});
