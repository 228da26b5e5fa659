import { CART_INFO } from '@otaku/shared';
import { Clock } from 'lucide-react';
import { formatTimeOfDay } from '../../../lib/format';

/** How long the items stay reserved (DESIGN.md §4: the cart shows how long items stay held). */
export function HoldNotice({
  minutes,
  maxMinutes,
  heldUntil,
}: {
  minutes: number;
  /** The longest a unit is held after it was added, however often the cart changes. */
  maxMinutes: number;
  heldUntil: string | null;
}) {
  return (
    <p className="flex items-start gap-2 rounded-xl bg-sun-100/60 px-4 py-3 text-sm text-ink-700">
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sun-700" />
      <span>
        {CART_INFO.heldFor(minutes)} {CART_INFO.heldAtMost(maxMinutes)}{' '}
        {heldUntil ? (
          <strong className="font-semibold">
            {CART_INFO.heldUntil(formatTimeOfDay(heldUntil))}.
          </strong>
        ) : null}
      </span>
    </p>
  );
}
