import { PAGES, PRODUCT_PAGE } from '@otaku/shared';
import { cn } from '../../../lib/cn';

export interface VariantPickerProps {
  /** 'Volume' for comics, 'Size' for clothes and shoes. */
  legend: string;
  variants: readonly string[];
  stockOf: (variant: string) => number;
  value: string | null;
  onSelect: (variant: string) => void;
}

/** One radio per volume or size; an empty one is disabled and says '(Out of Stock)'. */
export function VariantPicker({ legend, variants, stockOf, value, onSelect }: VariantPickerProps) {
  const chosen = value ? stockOf(value) : null;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-bold text-ink-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((variant) => {
          const soldOut = stockOf(variant) === 0;
          const checked = variant === value;
          return (
            <label key={variant} className="relative">
              <input
                type="radio"
                name="variant"
                value={variant}
                checked={checked}
                disabled={soldOut}
                onChange={() => onSelect(variant)}
                // Invisible but covering the pill, so a click or a tap lands on the radio itself.
                className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
              />
              <span
                className={cn(
                  'inline-flex h-10 min-w-12 items-center justify-center rounded-xl px-3 text-sm font-semibold ring-1 transition ring-inset',
                  'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sakura-500',
                  checked && 'bg-ink-900 text-white ring-ink-900',
                  !checked && !soldOut && 'bg-white text-ink-800 ring-ink-200 hover:ring-ink-400',
                  soldOut && 'bg-ink-50 text-ink-400 ring-ink-100',
                )}
              >
                {soldOut ? `${variant} ${PAGES.outOfStockLabel}` : variant}
              </span>
            </label>
          );
        })}
      </div>
      {chosen !== null && (
        <p className="text-sm text-ink-500" aria-live="polite">
          {PRODUCT_PAGE.available(chosen)}
        </p>
      )}
    </fieldset>
  );
}
