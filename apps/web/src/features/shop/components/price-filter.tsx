import { PRICE_FILTER_MAX, PRICE_FILTER_MIN, SHOP } from '@otaku/shared';
import { Slider } from 'radix-ui';
import { useId, useState } from 'react';

export interface PriceFilterProps {
  value: number;
  onCommit: (price: number) => void;
}

const describe = (price: number) => (price === 0 ? SHOP.anyPrice : SHOP.upTo(price));

/**
 * The price slider, 0 to 100 dollars (spec §5): a maximum price, 0 meaning no limit. It moves
 * freely while dragged and changes the filter when let go. Remount it (key) to take a new value.
 */
export function PriceFilter({ value, onCommit }: PriceFilterProps) {
  const labelId = useId();
  const [draft, setDraft] = useState(value);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <span id={labelId} className="text-sm font-bold text-ink-900">
          {SHOP.price}
        </span>
        <output aria-live="polite" className="text-sm font-semibold text-sakura-700">
          {describe(draft)}
        </output>
      </div>
      <Slider.Root
        min={PRICE_FILTER_MIN}
        max={PRICE_FILTER_MAX}
        step={1}
        value={[draft]}
        onValueChange={([next]) => setDraft(next ?? 0)}
        onValueCommit={([next]) => onCommit(next ?? 0)}
        className="relative flex h-6 w-full touch-none items-center select-none"
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-ink-100">
          <Slider.Range className="absolute h-full rounded-full bg-sakura-500" />
        </Slider.Track>
        <Slider.Thumb
          aria-labelledby={labelId}
          aria-valuetext={describe(draft)}
          className="block size-5 rounded-full bg-white shadow ring-2 ring-sakura-600 transition hover:scale-110"
        />
      </Slider.Root>
      <div aria-hidden="true" className="flex justify-between text-xs text-ink-400">
        <span>${PRICE_FILTER_MIN}</span>
        <span>${PRICE_FILTER_MAX}</span>
      </div>
    </div>
  );
}
