import { describe, expect, it } from 'vitest';
import { formatDashboardDate, formatLongDate, formatPrice, formatTimeOfDay } from './format';

describe('display formats', () => {
  const afternoon = new Date(2025, 2, 7, 15, 7);

  it('writes money in dollars with cents and thousands separators', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
  });

  it('writes US long dates, dashboard dates and times of day', () => {
    expect(formatLongDate(afternoon)).toBe('March 7, 2025');
    expect(formatLongDate(afternoon.toISOString())).toBe('March 7, 2025');
    expect(formatDashboardDate(afternoon)).toBe('07-03-2025');
    expect(formatTimeOfDay(afternoon.getTime())).toBe('3:07 PM');
  });

  it('writes nothing for a value that is not a date', () => {
    expect(formatLongDate('soon')).toBe('');
    expect(formatDashboardDate('soon')).toBe('');
    expect(formatTimeOfDay('soon')).toBe('');
  });
});
