import type { RevenueDay } from '@otaku/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { amountTicks, RevenueChart } from './revenue-chart';

/** 30 days from 29-10-2026 to 27-11-2026, nothing sold but on the last, busy day. */
const days: RevenueDay[] = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10);
  return { date, cash: i === 29 ? 1_500 : 0, card: i === 29 ? 900.5 : 0 };
});

const texts = (root: Element | null) =>
  Array.from(root?.querySelectorAll('text') ?? [], (text) => text.textContent);

const reading = () => screen.getByTestId('revenue-reading');

describe('RevenueChart', () => {
  it('has an amount axis at round steps and a date axis in the dashboard date format', () => {
    const { container } = render(<RevenueChart days={days} />);
    expect(texts(container.querySelector('[data-axis="amounts"]'))).toEqual([
      '$0',
      '$1,000',
      '$2,000',
      '$3,000',
    ]);
    expect(texts(container.querySelector('[data-axis="dates"]'))).toEqual([
      '29-10-2026',
      '12-11-2026',
      '27-11-2026',
    ]);
  });

  it.each([
    [0, [0, 1]],
    [0.4, [0, 1]],
    [7, [0, 5, 10]],
    [999.99, [0, 500, 1_000]],
    [1_000, [0, 500, 1_000]],
    [1_200, [0, 500, 1_000, 1_500]],
    [2_400.5, [0, 1_000, 2_000, 3_000]],
    [48_000, [0, 20_000, 40_000, 60_000]],
  ])('puts the amount ticks for a best day of %d at round numbers', (max, ticks) => {
    expect(amountTicks(max)).toEqual(ticks);
  });

  it("reads every day's date and amounts to a screen reader, in a table", () => {
    const { container } = render(<RevenueChart days={days} />);
    const table = screen.getByRole('table', { name: /Revenue by day/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows.at(-1)).toHaveTextContent('27-11-2026$1,500.00$900.50');
    // The drawing says nothing the table does not.
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it("shows a day's amounts to the keyboard: the last day on focus, the arrow keys, Home and End", async () => {
    render(<RevenueChart days={days} />);
    await userEvent.tab();
    const chart = screen.getByRole('group', { name: /Revenue by day/ });
    expect(chart).toHaveFocus();
    expect(reading()).toHaveTextContent('27-11-2026: cash $1,500.00, card $900.50');
    expect(reading()).toHaveAttribute('aria-live', 'polite');
    await userEvent.keyboard('{ArrowLeft}');
    expect(reading()).toHaveTextContent('26-11-2026: cash $0.00, card $0.00');
    await userEvent.keyboard('{Home}');
    expect(reading()).toHaveTextContent('29-10-2026: cash $0.00, card $0.00');
    await userEvent.keyboard('{ArrowLeft}{End}');
    expect(reading()).toHaveTextContent('27-11-2026');
    await userEvent.tab();
    expect(reading()).not.toHaveTextContent('27-11-2026');
  });

  it('shows the amounts of the day a finger touches or the pointer is over', () => {
    const { container } = render(<RevenueChart days={days} />);
    const svg = container.querySelector('svg')!;
    // No layout here: the drawing is 600 px wide, 64 of them for the amounts; a day is 17.8 px.
    svg.getBoundingClientRect = () => ({ left: 100, top: 0, width: 600, height: 180 }) as DOMRect;
    fireEvent.pointerDown(svg, { clientX: 100 + 64 + 5, pointerType: 'touch' });
    expect(reading()).toHaveTextContent('29-10-2026');
    fireEvent.pointerMove(svg, { clientX: 100 + 599, pointerType: 'mouse' });
    expect(reading()).toHaveTextContent('27-11-2026');
  });
});
