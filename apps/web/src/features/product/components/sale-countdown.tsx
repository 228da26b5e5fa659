import { SALE_START, timeLeft } from '@otaku/shared';
import { formatDateTime } from '../../../lib/format';

/** The id of the "Opens …" line, which the disabled add-to-cart button is described by. */
export const SALE_OPENS_ID = 'sale-opens';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Before a drop opens (decision 166): when it opens, in the shopper's own zone, and the time
 * left. The countdown is a `timer`, which screen readers do not announce as it changes; they
 * read it, in words, when the shopper comes to it. `msLeft` null: the time is not known yet
 * (the SSR page and its hydration), so only the frame is drawn.
 */
export function SaleCountdown({
  saleStartsAt,
  msLeft,
}: {
  saleStartsAt: string;
  msLeft: number | null;
}) {
  const left = timeLeft(msLeft ?? 0);
  const parts = [
    { value: left.days, label: 'days' },
    { value: left.hours, label: 'hours' },
    { value: left.minutes, label: 'min' },
    { value: left.seconds, label: 'sec' },
  ];
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-sakura-50 p-4 ring-1 ring-sakura-200">
      <p id={SALE_OPENS_ID} className="text-sm font-bold text-ink-900">
        {msLeft === null ? SALE_START.countdown : SALE_START.opens(formatDateTime(saleStartsAt))}
      </p>
      <div role="timer" aria-label={SALE_START.countdown} className="flex gap-2">
        <span className="sr-only">{msLeft === null ? '' : SALE_START.timeLeft(left)}</span>
        {parts.map((part) => (
          <span
            key={part.label}
            aria-hidden="true"
            className="flex min-w-14 flex-col items-center rounded-xl bg-white px-2 py-1 ring-1 ring-sakura-200"
          >
            <span className="text-2xl font-black text-ink-900 tabular-nums">
              {msLeft === null ? '--' : two(part.value)}
            </span>
            <span className="text-xs text-ink-700">{part.label}</span>
          </span>
        ))}
      </div>
    </div>
  );
}
