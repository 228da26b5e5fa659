import { SHOP } from '@otaku/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PriceFilter } from './price-filter';

describe('PriceFilter', () => {
  it('moves freely while dragged and changes the filter only when let go', () => {
    const onCommit = vi.fn();
    render(<PriceFilter value={0} onCommit={onCommit} />);
    const slider = screen.getByRole('slider', { name: SHOP.price });
    expect(slider).toHaveValue('0');
    expect(slider).toHaveAttribute('aria-valuetext', SHOP.anyPrice);

    fireEvent.input(slider, { target: { value: '30' } });
    expect(screen.getByText(SHOP.upTo(30))).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuetext', SHOP.upTo(30));
    expect(onCommit).not.toHaveBeenCalled();

    fireEvent.change(slider, { target: { value: '40' } });
    expect(onCommit).toHaveBeenCalledExactlyOnceWith(40);
  });

  it('starts at the filter it is given, within 0 to 100', () => {
    render(<PriceFilter value={45} onCommit={vi.fn()} />);
    const slider = screen.getByRole('slider', { name: SHOP.price });
    expect(slider).toHaveValue('45');
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '100');
    expect(screen.getByText(SHOP.upTo(45))).toBeInTheDocument();
  });

  it('moves to a new filter, its own or one set elsewhere', () => {
    const { rerender } = render(<PriceFilter value={0} onCommit={vi.fn()} />);
    const slider = screen.getByRole('slider', { name: SHOP.price });
    rerender(<PriceFilter value={30} onCommit={vi.fn()} />);
    expect(slider).toHaveValue('30');
    expect(screen.getByText(SHOP.upTo(30))).toBeInTheDocument();
    rerender(<PriceFilter value={0} onCommit={vi.fn()} />);
    expect(slider).toHaveValue('0');
    expect(screen.getByText(SHOP.anyPrice)).toBeInTheDocument();
  });
});
