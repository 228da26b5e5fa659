/**
 * The dashboard's one table (spec §2): a page gives its columns, its rows and their actions;
 * the table draws the filter bar it is given, the header, the loading, error and empty rows,
 * and the pagination under it. Pages are paged by the server, so the page logic stays theirs
 * (use-page-in-range.ts); a sortable column orders the rows on screen.
 */
import { DASHBOARD } from '@otaku/shared';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Pagination, Spinner } from '../../../components/ui';
import { cn } from '../../../lib/cn';

export interface Column<T> {
  /** The header's text, which also keys the column. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the header a sort button ordering the rows shown by this value. */
  sortValue?: (row: T) => string | number;
  /** A value that reads as one piece (an ID, a date, an amount): never broken over lines. */
  whole?: boolean;
  align?: 'start' | 'end';
  /** Extra classes for the column's cells, e.g. a typeface. */
  className?: string;
  width?: CSSProperties['width'];
  /** The column is left out on screens narrower than this breakpoint. */
  hideBelow?: 'sm' | 'md' | 'lg';
}

export interface RowAction<T> {
  /** The button's accessible name for this row, e.g. "Edit Naruto Vol. 1". */
  label: (row: T) => string;
  icon: ReactNode;
  onSelect: (row: T) => void;
}

export interface DataTableProps<T> {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Buttons in a first "Actions" column, in this order. */
  actions?: RowAction<T>[];
  loading: boolean;
  error?: string | null;
  emptyText: string;
  /** The filter bar above the table. */
  filters?: ReactNode;
  pagination?: { page: number; totalPages: number; onPageChange: (page: number) => void };
  /** Narrower than this the table scrolls sideways rather than squeezing its columns. */
  minWidth: number;
  /** A fixed height, inside which the body scrolls under a header that stays. */
  height?: number;
}

type Sort = { header: string; direction: 'ascending' | 'descending' } | null;

const th = 'px-3 py-3 text-xs font-bold tracking-wide text-ink-500 uppercase';
const td = 'px-3 py-3 align-middle text-sm text-ink-800';
const hidden = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
};

function cellClass<T>(column: Column<T>, base: string) {
  return cn(
    base,
    column.align === 'end' ? 'text-right' : 'text-left',
    column.hideBelow && hidden[column.hideBelow],
  );
}

function sorted<T>(rows: T[], columns: Column<T>[], sort: Sort): T[] {
  const value = sort && columns.find((c) => c.header === sort.header)?.sortValue;
  if (!sort || !value) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), undefined, { numeric: true });
    return order * sign;
  });
}

function HeaderCell<T>({
  column,
  sort,
  onSort,
}: {
  column: Column<T>;
  sort: Sort;
  onSort: (header: string) => void;
}) {
  const direction = sort?.header === column.header ? sort.direction : undefined;
  const Icon =
    direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={column.sortValue ? (direction ?? 'none') : undefined}
      className={cellClass(column, th)}
      style={column.width === undefined ? undefined : { width: column.width }}
    >
      {column.sortValue ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 uppercase hover:text-ink-900"
          onClick={() => onSort(column.header)}
        >
          {column.header}
          <Icon aria-hidden="true" className="size-3.5" />
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

/** The body's loading, error or empty row; null when there are rows to show. */
function TableState({
  columns,
  loading,
  error,
  empty,
  emptyText,
}: {
  columns: number;
  loading: boolean;
  error: string | null;
  empty: boolean;
  emptyText: string;
}) {
  if (!loading && !error && !empty) return null;
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-10 text-center text-sm text-ink-500">
        {loading ? (
          <span className="inline-flex items-center gap-2">
            <Spinner size="sm" /> {DASHBOARD.loading}
          </span>
        ) : error ? (
          <span role="alert" className="text-red-600">
            {error}
          </span>
        ) : (
          emptyText
        )}
      </td>
    </tr>
  );
}

export function DataTable<T>({
  labelledBy,
  columns,
  rows,
  rowKey,
  actions = [],
  loading,
  error = null,
  emptyText,
  filters,
  pagination,
  minWidth,
  height,
}: DataTableProps<T>) {
  const [sort, setSort] = useState<Sort>(null);
  const toggleSort = (header: string) =>
    setSort((current) => ({
      header,
      direction:
        current?.header === header && current.direction === 'ascending'
          ? 'descending'
          : 'ascending',
    }));
  const shown = sorted(rows, columns, sort);
  const columnCount = columns.length + (actions.length > 0 ? 1 : 0);

  return (
    <>
      {filters}
      <div
        // Scrolling to a focused row action stops clear of the sticky header row and leaves
        // room for the action's focus ring (WCAG 2.4.7, 2.4.11).
        className="scroll-p-2 scroll-pt-14 overflow-auto rounded-2xl bg-white shadow-sm ring-1 ring-ink-100 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-sakura-500"
        style={height === undefined ? undefined : { height }}
        // A keyboard reaches the scrolling box itself, so a table wider than a phone can be
        // scrolled with the arrow keys even while it has no button to focus (loading, empty).
        role="region"
        aria-labelledby={labelledBy}
        tabIndex={0}
      >
        <table className="w-full" style={{ minWidth }} aria-labelledby={labelledBy}>
          <thead className={cn('bg-ink-50', height !== undefined && 'sticky top-0')}>
            <tr>
              {actions.length > 0 ? (
                <th scope="col" className={cn(th, 'text-left')}>
                  Actions
                </th>
              ) : null}
              {columns.map((column) => (
                <HeaderCell key={column.header} column={column} sort={sort} onSort={toggleSort} />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            <TableState
              columns={columnCount}
              loading={loading}
              error={error}
              empty={rows.length === 0}
              emptyText={emptyText}
            />
            {shown.map((row) => (
              <tr key={rowKey(row)}>
                {actions.length > 0 ? (
                  <td className={td}>
                    <div className="flex gap-1">
                      {actions.map((action) => (
                        <Button
                          key={action.label(row)}
                          size="icon"
                          variant="ghost"
                          aria-label={action.label(row)}
                          onClick={() => action.onSelect(row)}
                        >
                          {action.icon}
                        </Button>
                      ))}
                    </div>
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={cellClass(
                      column,
                      cn(td, column.whole && 'whitespace-nowrap', column.className),
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagination ? <Pagination {...pagination} /> : null}
    </>
  );
}
