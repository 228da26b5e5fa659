import { PAGE_PAST_END } from '@otaku/shared';
import { BookX } from 'lucide-react';
import { Button } from './button';
import { EmptyState } from './empty-state';

export interface PastLastPageProps {
  page: number;
  lastPage: number;
  onGoToLast: () => void;
  className?: string;
}

/**
 * A list asked for a page past its last one, which the server answers empty with the true page
 * count (decision 040): says so and offers the last page, instead of "nothing found", which the
 * earlier pages would contradict.
 */
export function PastLastPage({ page, lastPage, onGoToLast, className }: PastLastPageProps) {
  return (
    <EmptyState icon={BookX} title={PAGE_PAST_END.title(page)} className={className}>
      <p className="text-sm text-ink-500">{PAGE_PAST_END.hint(lastPage)}</p>
      <Button variant="secondary" onClick={onGoToLast}>
        {PAGE_PAST_END.goToLast(lastPage)}
      </Button>
    </EmptyState>
  );
}
