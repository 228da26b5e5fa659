import { SHOP, SORTS, type SortBy } from '@otaku/shared';

export interface SortSelectProps {
  value: SortBy;
  onChange: (sortBy: SortBy) => void;
}

/** Most Popular, Price: Low to High, Price: High to Low (spec §2). */
export function SortSelect({ value, onChange }: SortSelectProps) {
  return (
    <label className="flex flex-col gap-2">
      <span className="text-sm font-bold text-ink-900">{SHOP.sortBy}</span>
      <select
        value={value}
        onChange={(event) => onChange(event.target.value as SortBy)}
        className="h-11 w-full cursor-pointer rounded-xl bg-white px-3 text-sm text-ink-900 shadow-sm ring-1 ring-ink-200 ring-inset"
      >
        {SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </select>
    </label>
  );
}
