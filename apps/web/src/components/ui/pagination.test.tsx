import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, visiblePages } from './pagination';

const pageButtons = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('Pagination', () => {
  it('shows at most three page numbers around the current page', () => {
    render(<Pagination page={5} totalPages={10} onPageChange={() => {}} />);
    expect(pageButtons()).toEqual(['4', '5', '6']);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
  });

  it('disables Previous on the first page only', () => {
    const { rerender } = render(<Pagination page={1} totalPages={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: /previous/i })).toBeDisabled();
    expect(screen.getByRole('button', { name: /next/i })).toBeEnabled();
    expect(pageButtons()).toEqual(['1', '2', '3']);

    rerender(<Pagination page={2} totalPages={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: /previous/i })).toBeEnabled();
  });

  it('disables Next on the last page', () => {
    render(<Pagination page={4} totalPages={4} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
    expect(pageButtons()).toEqual(['2', '3', '4']);
  });

  it('disables both ends when there is a single page', () => {
    render(<Pagination page={1} totalPages={1} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: /previous/i })).toBeDisabled();
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
    expect(pageButtons()).toEqual(['1']);
  });

  it('reports the page chosen', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} totalPages={5} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await userEvent.click(screen.getByRole('button', { name: /previous/i }));
    expect(onPageChange.mock.calls).toEqual([[3], [3], [1]]);
  });

  it('past the last page marks no page current, and Previous leads to the last one', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={12} totalPages={9} onPageChange={onPageChange} />);
    expect(pageButtons()).toEqual(['7', '8', '9']);
    expect(screen.queryByRole('button', { current: 'page' })).toBeNull();
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /previous/i }));
    expect(onPageChange.mock.calls).toEqual([[9]]);
  });

  it('computes the window at the edges', () => {
    expect(visiblePages(1, 2)).toEqual([1, 2]);
    expect(visiblePages(9, 9)).toEqual([7, 8, 9]);
    expect(visiblePages(12, 9)).toEqual([7, 8, 9]);
  });
});
