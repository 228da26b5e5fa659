import { PRODUCT_PAGE } from '@otaku/shared';
import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui';

export interface QuantityStepperProps {
  value: number;
  onDecrease: () => void;
  onIncrease: () => void;
}

/**
 * Minus, the quantity, plus. The buttons stay enabled before a variant is chosen, so pressing
 * them can say why nothing happens (spec §5).
 */
export function QuantityStepper({ value, onDecrease, onIncrease }: QuantityStepperProps) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-3">
      <span id={labelId} className="text-sm font-bold text-ink-900">
        {PRODUCT_PAGE.quantity}
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        className="inline-flex w-fit items-center gap-1 rounded-full bg-white p-1 ring-1 ring-ink-200"
      >
        <Button variant="ghost" size="icon" aria-label={PRODUCT_PAGE.decrease} onClick={onDecrease}>
          <Minus aria-hidden="true" className="size-4" />
        </Button>
        <output
          aria-live="polite"
          aria-labelledby={labelId}
          className="min-w-10 text-center text-lg font-bold tabular-nums"
        >
          {value}
        </output>
        <Button variant="ghost" size="icon" aria-label={PRODUCT_PAGE.increase} onClick={onIncrease}>
          <Plus aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}
