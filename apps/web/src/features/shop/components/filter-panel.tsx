import type { ShopState, SortBy } from '@otaku/shared';
import { PriceFilter } from './price-filter';
import { SortSelect } from './sort-select';
import { TypeFilter } from './type-filter';

export interface FilterPanelProps {
  state: ShopState;
  onToggleType: (slug: string, checked: boolean) => void;
  onPrice: (price: number) => void;
  onSort: (sortBy: SortBy) => void;
}

/** The filters of the side bar, and of the drawer on small screens (spec §2, Shop). */
export function FilterPanel({ state, onToggleType, onPrice, onSort }: FilterPanelProps) {
  return (
    <div className="flex flex-col gap-7">
      <TypeFilter
        category={state.category}
        value={state.productTypes}
        disabled={state.searchQuery !== ''}
        onToggle={onToggleType}
      />
      <PriceFilter value={state.price} onCommit={onPrice} />
      <SortSelect value={state.sortBy} onChange={onSort} />
    </div>
  );
}
