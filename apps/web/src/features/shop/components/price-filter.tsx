import { PRICE_FILTER_MAX, PRICE_FILTER_MIN, SHOP } from '@otaku/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { RangeSlider } from '../../../components/ui';

export interface PriceFilterProps {
  value: number;
  onCommit: (price: number) => void;
}

const describe = (price: number) => (price === 0 ? SHOP.anyPrice : SHOP.upTo(price));

/**
 * The price slider, 0 to 100 dollars (spec §5): a maximum price, 0 meaning no limit. It moves
 * freely while dragged and changes the filter when let go; a new filter (its own, or Clear All,
 * or Back) moves it there. It stays the same element throughout, so the keyboard stays on it.
 * A native range input (RangeSlider): arrow keys, Page Up/Down, Home and End work as on any
 * slider, and the shop's first load carries no slider library.
 */
export function PriceFilter({ value, onCommit }: PriceFilterProps) {
  const labelId = useId();
  const [draft, setDraft] = useState(value);
  const [filter, setFilter] = useState(value);
  if (filter !== value) {
    // The filter changed: show it (React's way of adjusting state to a new prop, in render).
    setFilter(value);
    setDraft(value);
  }
  const input = useRef<HTMLInputElement>(null);

  // React's onChange fires on every step of a drag; the DOM's change event fires when the
  // thumb is let go (or on each key press), which is when the filter changes.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const commit = () => onCommit(Number(element.value));
    element.addEventListener('change', commit);
    return () => element.removeEventListener('change', commit);
  }, [onCommit]);

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
      <RangeSlider
        ref={input}
        min={PRICE_FILTER_MIN}
        max={PRICE_FILTER_MAX}
        step={1}
        value={draft}
        onChange={(event) => setDraft(Number(event.target.value))}
        aria-labelledby={labelId}
        aria-valuetext={describe(draft)}
      />
      <div aria-hidden="true" className="flex justify-between text-xs text-ink-400">
        <span>${PRICE_FILTER_MIN}</span>
        <span>${PRICE_FILTER_MAX}</span>
      </div>
    </div>
  );
}
