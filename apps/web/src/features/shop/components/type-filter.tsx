import { ALL_TYPES, CATEGORY_TYPES, SHOP, type Category } from '@otaku/shared';

export interface TypeFilterProps {
  category: Category;
  value: readonly string[];
  /** While a search spans every category, the types of one category do not apply. */
  disabled?: boolean;
  onToggle: (slug: string, checked: boolean) => void;
}

/** 'All' plus one checkbox per type of the category (spec §2, §4). */
export function TypeFilter({ category, value, disabled, onToggle }: TypeFilterProps) {
  const options = [{ slug: ALL_TYPES, label: SHOP.allTypes }, ...CATEGORY_TYPES[category]];
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-2 disabled:opacity-50">
      <legend className="mb-2 text-sm font-bold text-ink-900">{SHOP.types}</legend>
      {options.map((option) => (
        <label
          key={option.slug}
          className="flex cursor-pointer items-center gap-3 rounded-lg px-1 py-1 text-sm text-ink-700 hover:bg-ink-50"
        >
          <input
            type="checkbox"
            name="type"
            value={option.slug}
            checked={value.includes(option.slug)}
            onChange={(event) => onToggle(option.slug, event.target.checked)}
            className="size-4 shrink-0 cursor-pointer accent-sakura-600"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
