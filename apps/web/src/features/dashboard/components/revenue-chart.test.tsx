import type { RevenueDay } from '@otaku/shared';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RevenueChart } from './revenue-chart';

/** 30 days from 29-10-2026 to 27-11-2026, nothing sold but on the last, busy day. */
const days: RevenueDay[] = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10);
  return { date, cash: i === 29 ? 1_500 : 0, card: i === 29 ? 900.5 : 0 };
});

const texts = (root: Element | null) =>
  Array.from(root?.querySelectorAll('text') ?? [], (text) => text.textContent);

describe('RevenueChart', () => {
  it('has an amount axis and a date axis in the dashboard date format', () => {
    const { container } = render(<RevenueChart days={days} />);
    expect(texts(container.querySelector('[data-axis="amounts"]'))).toEqual([
      '$0.00',
      '$1,200.25',
      '$2,400.50',
    ]);
    expect(texts(container.querySelector('[data-axis="dates"]'))).toEqual([
      '29-10-2026',
      '12-11-2026',
      '27-11-2026',
    ]);
  });

  it("tells each day's date and amounts on hover, with thousands separators", () => {
    const { container } = render(<RevenueChart days={days} />);
    const titles = Array.from(container.querySelectorAll('title'), (t) => t.textContent);
    expect(titles).toHaveLength(30);
    expect(titles.at(-1)).toBe('27-11-2026: cash $1,500.00, card $900.50');
    expect(container.querySelector('figcaption')).toHaveTextContent('$2,400.50');
  });
});
