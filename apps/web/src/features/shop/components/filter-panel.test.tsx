import { DEFAULT_SHOP_STATE, SHOP } from '@otaku/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FilterPanel } from './filter-panel';

describe('FilterPanel', () => {
  it('keeps the keyboard on the price slider as the filter follows each key press', () => {
    const handlers = { onToggleType: vi.fn(), onPrice: vi.fn(), onSort: vi.fn() };
    const state = { ...DEFAULT_SHOP_STATE, category: 'clothes' as const };
    const { rerender } = render(<FilterPanel state={state} {...handlers} />);
    const slider = screen.getByRole('slider', { name: SHOP.price });
    slider.focus();
    fireEvent.change(slider, { target: { value: '10' } });
    expect(handlers.onPrice).toHaveBeenCalledWith(10);

    // The URL takes the price and the page draws it: the same slider, still focused, so the
    // next Page Up moves it on instead of scrolling the page.
    rerender(<FilterPanel state={{ ...state, price: 10 }} {...handlers} />);
    expect(screen.getByRole('slider', { name: SHOP.price })).toBe(slider);
    expect(slider).toHaveFocus();
    expect(slider).toHaveValue('10');

    // A price set elsewhere (Clear All, Back) moves the slider too.
    rerender(<FilterPanel state={state} {...handlers} />);
    expect(slider).toHaveValue('0');
    expect(screen.getByText(SHOP.anyPrice)).toBeInTheDocument();
  });
});
