import { describe, expect, it, vi } from 'vitest';
import {
  formatDashboardDate,
  formatLongDate,
  formatMonthDay,
  formatPrice,
  formatTimeOfDay,
} from './format';

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

  it('writes a month and day as en-US does, in the local zone', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
    for (let month = 0; month < 12; month++) {
      for (const [day, hour] of [
        [1, 0],
        [28, 23],
      ] as const) {
        const date = new Date(2026, month, day, hour, 59);
        expect(formatMonthDay(date)).toBe(intl.format(date));
        expect(formatMonthDay(date.toISOString())).toBe(intl.format(date));
      }
    }
  });

  it("words a shop card's coming drop without making a date format, which costs a starting page dearly", async () => {
    vi.resetModules();
    const fresh = await import('./format');
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(fresh.formatMonthDay(new Date(2026, 11, 1))).toBe('Dec 1');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('writes nothing for a value that is not a date', () => {
    expect(formatMonthDay('soon')).toBe('');
    expect(formatLongDate('soon')).toBe('');
    expect(formatDashboardDate('soon')).toBe('');
    expect(formatTimeOfDay('soon')).toBe('');
  });
});
