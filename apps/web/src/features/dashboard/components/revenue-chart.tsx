/** Revenue over the last 30 days, cash and card stacked per day, as a small SVG bar chart. */
import type { RevenueDay } from '@otaku/shared';
import { formatPrice } from '../../../lib/format';

const WIDTH = 600;
const HEIGHT = 160;

export function RevenueChart({ days }: { days: RevenueDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.cash + d.card));
  const bar = WIDTH / Math.max(1, days.length);
  const total = days.reduce((sum, d) => sum + d.cash + d.card, 0);
  return (
    <figure className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold text-ink-900">Revenue, last 30 days</span>
        <span className="text-sm text-ink-500">
          {formatPrice(total)} · <span className="text-sakura-600">■</span> Cash{' '}
          <span className="text-sky-600">■</span> Card
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-40 w-full"
        role="img"
        aria-label={`Revenue in the last 30 days: ${formatPrice(total)}`}
      >
        {days.map((d, i) => {
          const cashH = (d.cash / max) * (HEIGHT - 4);
          const cardH = (d.card / max) * (HEIGHT - 4);
          return (
            <g key={d.date}>
              <title>{`${d.date}: cash ${formatPrice(d.cash)}, card ${formatPrice(d.card)}`}</title>
              <rect
                x={i * bar + 2}
                y={HEIGHT - cashH}
                width={bar - 4}
                height={cashH}
                className="fill-sakura-500"
              />
              <rect
                x={i * bar + 2}
                y={HEIGHT - cashH - cardH}
                width={bar - 4}
                height={cardH}
                className="fill-sky-500"
              />
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
