import { DASHBOARD } from '@otaku/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './data-table';
import { editAndDelete } from './row-actions';

interface Row {
  id: string;
  name: string;
  price: number;
}

const ROWS: Row[] = [
  { id: 'a', name: 'Naruto Vol. 2', price: 12 },
  { id: 'b', name: 'Akira', price: 30 },
  { id: 'c', name: 'Naruto Vol. 10', price: 9 },
];

const COLUMNS: Column<Row>[] = [
  { header: 'Name', cell: (r) => r.name, sortValue: (r) => r.name },
  { header: 'Price', cell: (r) => `$${r.price}`, sortValue: (r) => r.price, align: 'end' },
  { header: 'ID', cell: (r) => r.id, hideBelow: 'md' },
];

function table(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <>
      <h1 id="things-heading">Things</h1>
      <DataTable<Row>
        labelledBy="things-heading"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(r) => r.id}
        loading={false}
        emptyText="No things found."
        minWidth={400}
        {...props}
      />
    </>,
  );
}

/** The first cell's text of every body row. */
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('is a table named by its heading, with column headers and the rows in the given order', () => {
    table();
    const grid = screen.getByRole('table', { name: 'Things' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Price', 'ID']);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(headers[2]).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['Naruto Vol. 2', 'Akira', 'Naruto Vol. 10']);
  });

  it('sorts by a sortable column, ascending then descending, and says so with aria-sort', async () => {
    table();
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    const priceHeader = screen.getByRole('columnheader', { name: 'Price' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    // Numbers inside text sort as numbers: volume 2 before volume 10.
    expect(names()).toEqual(['Akira', 'Naruto Vol. 2', 'Naruto Vol. 10']);

    await userEvent.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Naruto Vol. 10', 'Naruto Vol. 2', 'Akira']);

    await userEvent.click(within(priceHeader).getByRole('button', { name: 'Price' }));
    expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Naruto Vol. 10', 'Naruto Vol. 2', 'Akira']);
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('$9');
  });

  it('gives each row its actions, named after the row, in an Actions column', async () => {
    const edit = vi.fn();
    const remove = vi.fn();
    table({ actions: editAndDelete<Row>((r) => r.name, edit, remove) });
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Actions');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Akira' }));
    expect(edit).toHaveBeenCalledWith(ROWS[1]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Naruto Vol. 10' }));
    expect(remove).toHaveBeenCalledWith(ROWS[2]);
    expect(edit).toHaveBeenCalledTimes(1);
  });

  it('lets the keyboard reach its scrolling box, named as the table, even with nothing to focus in it', async () => {
    table({ rows: [], loading: true });
    await userEvent.tab();
    expect(screen.getByRole('region', { name: 'Things' })).toHaveFocus();
  });

  it('says when there are no rows, across every column', () => {
    table({ rows: [], actions: editAndDelete<Row>((r) => r.name, vi.fn(), vi.fn()) });
    const cell = screen.getByRole('cell', { name: 'No things found.' });
    expect(cell).toHaveAttribute('colspan', '4');
  });

  it('says Loading while it loads, and an error as an alert instead of the empty text', () => {
    const { unmount } = table({ rows: [], loading: true });
    expect(screen.getByText(DASHBOARD.loading)).toBeInTheDocument();
    expect(screen.queryByText('No things found.')).not.toBeInTheDocument();
    unmount();
    table({ rows: [], error: 'The shop database is unavailable.' });
    expect(screen.getByRole('alert')).toHaveTextContent('The shop database is unavailable.');
    expect(screen.queryByText('No things found.')).not.toBeInTheDocument();
  });

  it('shows the filter bar above the table and pages below it', async () => {
    const onPageChange = vi.fn();
    table({
      filters: <form aria-label="Thing filters" />,
      pagination: { page: 2, totalPages: 3, onPageChange },
    });
    const filters = screen.getByRole('form', { name: 'Thing filters' });
    const grid = screen.getByRole('table');
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(filters.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(grid.compareDocumentPosition(pages) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 1' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });
});
