import type { Availability, ShopState, SortBy } from '@otaku/shared';
import { AvailabilityFilter } from './availability-filter';
import { PriceFilter } from './price-filter';
import { SortSelect } from './sort-select';
import { TypeFilter } from './type-filter';

export interface FilterPanelProps {
  state: ShopState;
  onToggleType: (slug: string, checked: boolean) => void;
  onPrice: (price: number) => void;
  onSort: (sortBy: SortBy) => void;
  /** All, pre-orders or in stock (decision 167); without it the choice is not offered. */
  onAvailability?: (availability: Availability) => void;
}

/** The filters of the side bar, and of the drawer on small screens (spec §2, Shop). */
export function FilterPanel({
  state,
  onToggleType,
  onPrice,
  onSort,
  onAvailability,
}: FilterPanelProps) {
  return (
    <div className="flex flex-col gap-7">
      <TypeFilter
        category={state.category}
        value={state.productTypes}
        disabled={state.searchQuery !== ''}
        onToggle={onToggleType}
      />
      {onAvailability && (
        <AvailabilityFilter value={state.availability ?? 'all'} onChange={onAvailability} />
      )}
      <PriceFilter value={state.price} onCommit={onPrice} />
      <SortSelect value={state.sortBy} onChange={onSort} />
    </div>
  );
}
