/** The Products page's filter bar: price, search, category and types, applied on Load. */
import {
  ALL_TYPES,
  CATEGORIES,
  CATEGORY_TYPES,
  DASHBOARD_RULES,
  LOW_STOCK,
  PRICE_FILTER_MAX,
  SEARCH_MIN_LENGTH,
  VALIDATION,
  type Category,
} from '@otaku/shared';
import { useState } from 'react';
import { Button, FieldError, FieldHint, Input, Label, RangeSlider } from '../../../components/ui';
import { formatPrice } from '../../../lib/format';
import { selectClasses } from './product-form-fields';

export interface ProductFilter {
  category: Category;
  productTypes: string[];
  price: number;
  searchQuery: string;
  page: number;
}

export function ProductFilters({
  filter,
  onLoad,
  lowStock = false,
}: {
  filter: ProductFilter;
  onLoad: (filter: ProductFilter) => void;
  /** The low-stock filter is on: it spans every category, so category and types wait. */
  lowStock?: boolean;
}) {
  const [draft, setDraft] = useState({
    category: filter.category,
    types: filter.productTypes,
    price: filter.price,
    search: filter.searchQuery,
  });
  const [searchError, setSearchError] = useState<string | null>(null);

  const load = () => {
    const search = draft.search.trim();
    if (search !== '' && search.length < SEARCH_MIN_LENGTH)
      return setSearchError(VALIDATION.searchTooShort);
    setSearchError(null);
    onLoad({
      category: draft.category,
      productTypes: draft.types,
      price: draft.price,
      searchQuery: search,
      page: 1,
    });
  };
  // A search spans every category (the shop's own rule), so category and types wait meanwhile.
  const searching = draft.search.trim() !== '';
  const everyCategory = searching || lowStock;
  const toggleType = (slug: string) =>
    setDraft((d) => {
      if (slug === ALL_TYPES) return { ...d, types: [ALL_TYPES] };
      const rest = d.types.filter((t) => t !== ALL_TYPES);
      const next = rest.includes(slug) ? rest.filter((t) => t !== slug) : [...rest, slug];
      return { ...d, types: next.length ? next : [ALL_TYPES] };
    });

  return (
    <form
      aria-label="Product filters"
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100 md:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        load();
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor="filter-price">
          Max price: {draft.price ? formatPrice(draft.price) : 'Any'}
        </Label>
        <RangeSlider
          id="filter-price"
          min={0}
          max={PRICE_FILTER_MAX}
          value={draft.price}
          onChange={(e) => setDraft({ ...draft, price: Number(e.target.value) })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="filter-search">Search</Label>
        <Input
          id="filter-search"
          type="search"
          value={draft.search}
          invalid={Boolean(searchError)}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
        />
        {searchError ? (
          <FieldError>{searchError}</FieldError>
        ) : searching ? (
          <FieldHint>{DASHBOARD_RULES.searchAllCategories}</FieldHint>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="filter-category">Category</Label>
        <select
          id="filter-category"
          className={`${selectClasses} disabled:opacity-50`}
          disabled={everyCategory}
          aria-describedby={lowStock && !searching ? 'filter-category-hint' : undefined}
          value={draft.category}
          onChange={(e) =>
            setDraft({ ...draft, category: e.target.value as Category, types: [ALL_TYPES] })
          }
        >
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {lowStock && !searching ? (
          <FieldHint id="filter-category-hint">{LOW_STOCK.allCategories}</FieldHint>
        ) : null}
      </div>
      <div className="flex items-end">
        <Button type="submit" className="w-full">
          Load Products
        </Button>
      </div>
      <fieldset
        disabled={everyCategory}
        className="flex flex-wrap gap-4 disabled:opacity-50 md:col-span-4"
      >
        <legend className="sr-only">Types</legend>
        {[{ slug: ALL_TYPES, label: 'All' }, ...CATEGORY_TYPES[draft.category]].map((t) => (
          <label key={t.slug} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={draft.types.includes(t.slug)}
              onChange={() => toggleType(t.slug)}
            />
            {t.label}
          </label>
        ))}
      </fieldset>
    </form>
  );
}
