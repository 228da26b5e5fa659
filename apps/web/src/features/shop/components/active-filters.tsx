import { CATEGORY_LABELS, isAllTypes, SHOP, SORTS, typeLabel, type ShopState } from '@otaku/shared';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui';
import { hasActiveFilters } from '../lib/shop-state';

export interface ActiveFiltersProps {
  state: ShopState;
  /** Products matching the whole filter; undefined while the first answer is on its way. */
  total: number | undefined;
  onRemoveType: (slug: string) => void;
  onClearPrice: () => void;
  onClearSort: () => void;
  onClearSearch: () => void;
  onClearAll: () => void;
}

function Chip({
  children,
  onRemove,
  removeLabel,
}: {
  children: ReactNode;
  onRemove?: () => void;
  removeLabel?: string;
}) {
  return (
    <li className="inline-flex h-8 items-center gap-1 rounded-full bg-white pr-1 pl-3 text-sm font-medium text-ink-800 shadow-sm ring-1 ring-ink-200 ring-inset">
      {children}
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel}
          className="grid size-6 place-items-center rounded-full text-ink-400 hover:bg-ink-100 hover:text-ink-700"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      ) : (
        <span className="w-2" />
      )}
    </li>
  );
}

/** What the grid shows, with a way to drop each filter and Clear All (spec §2, §4). */
export function ActiveFilters({
  state,
  total,
  onRemoveType,
  onClearPrice,
  onClearSort,
  onClearSearch,
  onClearAll,
}: ActiveFiltersProps) {
  const searching = state.searchQuery !== '';
  const sortLabel = SORTS.find((s) => s.value === state.sortBy)?.label;
  return (
    <section aria-label={SHOP.activeFilters} className="flex flex-col gap-3">
      <p aria-live="polite" className="text-sm text-ink-600">
        {total === undefined ? (
          '\u00a0'
        ) : (
          <strong className="text-ink-900">{SHOP.resultCount(total)}</strong>
        )}
        {total !== undefined && searching && <> · {SHOP.searchScope(state.searchQuery)}</>}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <ul className="flex flex-wrap items-center gap-2">
          {searching ? (
            <Chip
              onRemove={onClearSearch}
              removeLabel={SHOP.removeFilter(`“${state.searchQuery}”`)}
            >
              “{state.searchQuery}” · {SHOP.allCategories}
            </Chip>
          ) : (
            <Chip>{CATEGORY_LABELS[state.category]}</Chip>
          )}
          {!searching &&
            !isAllTypes(state) &&
            state.productTypes.map((slug) => (
              <Chip
                key={slug}
                onRemove={() => onRemoveType(slug)}
                removeLabel={SHOP.removeFilter(typeLabel(state.category, slug))}
              >
                {typeLabel(state.category, slug)}
              </Chip>
            ))}
          {state.price > 0 && (
            <Chip onRemove={onClearPrice} removeLabel={SHOP.removeFilter(SHOP.upTo(state.price))}>
              {SHOP.upTo(state.price)}
            </Chip>
          )}
          {state.sortBy !== 'popular' && sortLabel && (
            <Chip onRemove={onClearSort} removeLabel={SHOP.removeFilter(sortLabel)}>
              {sortLabel}
            </Chip>
          )}
        </ul>
        <Button variant="accent" size="sm" disabled={!hasActiveFilters(state)} onClick={onClearAll}>
          {SHOP.clearAll}
        </Button>
      </div>
    </section>
  );
}
