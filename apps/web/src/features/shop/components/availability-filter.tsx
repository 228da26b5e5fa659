import { AVAILABILITIES, PREORDER_FILTER, type Availability } from '@otaku/shared';

export interface AvailabilityFilterProps {
  value: Availability;
  onChange: (availability: Availability) => void;
}

/** All, Pre-orders or In stock (decision 167): one choice, as radio buttons. */
export function AvailabilityFilter({ value, onChange }: AvailabilityFilterProps) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-bold text-ink-900">{PREORDER_FILTER.legend}</legend>
      {AVAILABILITIES.map((option) => (
        <label
          key={option.value}
          className="flex cursor-pointer items-center gap-3 rounded-lg px-1 py-1 text-sm text-ink-700 hover:bg-ink-50"
        >
          <input
            type="radio"
            name="availability"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="size-4 shrink-0 cursor-pointer accent-sakura-600"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
