/**
 * A dashboard list's stored page kept within the pages the server says there are. The page
 * number survives reloads (use-dashboard-state.ts), and after deletions it can point past the
 * last page, where the server answers an empty page with the true page count: the list then
 * moves to the last page, and stores it, instead of saying there is nothing.
 */
import { useEffect } from 'react';

export interface ListAnswer {
  data?: { totalPages: number };
  isPlaceholderData: boolean;
}

export function usePageInRange<T extends { page: number }>(
  [state, setState]: readonly [T, (next: (current: T) => T) => void],
  list: ListAnswer,
  rowCount: number,
) {
  const totalPages = Math.max(1, list.data?.totalPages ?? 1);
  // Only the answer for this very page (not one kept from another page) says it is past the end.
  const pastEnd = list.data !== undefined && !list.isPlaceholderData && state.page > totalPages;
  useEffect(() => {
    if (pastEnd) setState((current) => ({ ...current, page: Math.min(current.page, totalPages) }));
  }, [pastEnd, totalPages, setState]);
  return {
    page: Math.min(state.page, totalPages),
    totalPages,
    /**
     * The list is on its way to another page: past the end, or showing another page's empty
     * answer while this one loads. The table says Loading rather than that nothing was found.
     */
    settling: pastEnd || (list.isPlaceholderData && rowCount === 0),
  };
}
