import { MAX_PAGE_BUTTONS } from '@otaku/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

/** The page numbers to show: at most MAX_PAGE_BUTTONS, around the current page. */
export function visiblePages(page: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  const total = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), total);
  const count = Math.min(max, total);
  const start = Math.min(Math.max(1, current - Math.floor((count - 1) / 2)), total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
  label?: string;
}

/** Previous, at most three page numbers, Next (spec §4, Shop). */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  className,
  label = 'Pagination',
}: PaginationProps) {
  const total = Math.max(1, totalPages);
  return (
    <nav aria-label={label} className={cn('flex items-center justify-center gap-1.5', className)}>
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1}
        // Past the last page (an old link), the page before this one is the last there is.
        onClick={() => onPageChange(Math.min(page - 1, total))}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </Button>
      <ul className="flex items-center gap-1.5">
        {visiblePages(page, total).map((number) => {
          const current = number === page;
          return (
            <li key={number}>
              <Button
                variant={current ? 'primary' : 'ghost'}
                size="sm"
                className="min-w-8"
                aria-current={current ? 'page' : undefined}
                aria-label={`Page ${number}`}
                onClick={() => !current && onPageChange(number)}
              >
                {number}
              </Button>
            </li>
          );
        })}
      </ul>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= total}
        onClick={() => onPageChange(page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
