import { CATEGORY_LABELS, SHOP, type Category } from '@otaku/shared';
import type { FocusEvent } from 'react';
import { cn } from '../../../lib/cn';

/** The spec's order: comics, toys, clothes, shoes. */
const ORDER: readonly Category[] = ['comics', 'toys', 'clothes', 'shoes'];

export interface CategoryPickerProps {
  value: Category;
  /** While a search spans every category, none of them is the current one. */
  searching: boolean;
  onChange: (category: Category) => void;
}

/**
 * A pill the keyboard reaches is scrolled wholly into the row (a browser leaves a half-shown
 * one where it is), so that its focus ring is not cut at the row's edge (WCAG 2.4.7).
 */
function bringIntoView(event: FocusEvent<HTMLInputElement>) {
  event.currentTarget.parentElement?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** Radio buttons styled as pills: arrow keys move between categories, as in any radio group. */
export function CategoryPicker({ value, searching, onChange }: CategoryPickerProps) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{SHOP.category}</legend>
      {/* Room inside the scrolling row for a pill's focus ring, which its edges would cut. */}
      <div className="-m-1.5 flex scroll-px-2 gap-2 overflow-x-auto p-1.5 pb-2.5">
        {ORDER.map((category) => {
          const checked = !searching && category === value;
          return (
            <label key={category} className="relative shrink-0">
              <input
                type="radio"
                name="shop-category"
                value={category}
                checked={checked}
                onChange={() => onChange(category)}
                onFocus={bringIntoView}
                // Invisible but covering the pill, so a click or a tap lands on the radio itself.
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <span
                className={cn(
                  'inline-flex h-10 items-center rounded-full px-5 text-sm font-semibold ring-1 transition ring-inset',
                  'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sakura-500',
                  checked
                    ? 'bg-ink-900 text-white ring-ink-900'
                    : 'bg-white text-ink-700 ring-ink-200 hover:bg-ink-50 hover:ring-ink-300',
                )}
              >
                {CATEGORY_LABELS[category]}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
