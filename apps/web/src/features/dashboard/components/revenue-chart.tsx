/**
 * Revenue over the last 30 days, cash and card stacked per day, as a small SVG bar chart with
 * its axes: amounts up the side, dates (dd-mm-yyyy, as the rest of the dashboard) along the
 * foot, and each day's date and amounts on hover.
 */
import type { RevenueDay } from '@otaku/shared';
import { formatPrice } from '../../../lib/format';

const WIDTH = 600;
const HEIGHT = 180;
/** Room for the amounts on the left and the dates below the bars. */
const LEFT = 64;
const BOTTOM = 20;
const TOP = 6;
const PLOT_W = WIDTH - LEFT;
const PLOT_H = HEIGHT - BOTTOM - TOP;

/** "2026-11-27" (the API's day) as the dashboard writes dates: "27-11-2026". */
export function chartDate(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}-${month}-${year}` : day;
}

/** The days whose dates the foot shows: the first, the middle and the last. */
const labelledDays = (count: number) =>
  count === 0 ? [] : [...new Set([0, Math.floor((count - 1) / 2), count - 1])];

export function RevenueChart({ days }: { days: RevenueDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.cash + d.card));
  const bar = PLOT_W / Math.max(1, days.length);
  const total = days.reduce((sum, d) => sum + d.cash + d.card, 0);
  const y = (amount: number) => TOP + PLOT_H - (amount / max) * PLOT_H;
  const ticks = [0, max / 2, max];
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
        className="h-44 w-full"
        role="img"
        aria-label={`Revenue in the last 30 days: ${formatPrice(total)}`}
      >
        <g data-axis="amounts" className="fill-ink-500 text-[11px]">
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={LEFT}
                x2={WIDTH}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-ink-100"
                strokeWidth={1}
              />
              <text x={LEFT - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {formatPrice(Math.round(tick * 100) / 100)}
              </text>
            </g>
          ))}
        </g>
        <g data-axis="dates" className="fill-ink-500 text-[11px]">
          {labelledDays(days.length).map((i) => (
            <text
              key={days[i]!.date}
              x={LEFT + i * bar + bar / 2}
              y={HEIGHT - 4}
              textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
            >
              {chartDate(days[i]!.date)}
            </text>
          ))}
        </g>
        {days.map((d, i) => {
          const cashH = (d.cash / max) * PLOT_H;
          const cardH = (d.card / max) * PLOT_H;
          const base = TOP + PLOT_H;
          return (
            <g key={d.date}>
              <title>{`${chartDate(d.date)}: cash ${formatPrice(d.cash)}, card ${formatPrice(d.card)}`}</title>
              {/* The whole column answers the hover, not only a bar a few pixels high. */}
              <rect x={LEFT + i * bar} y={TOP} width={bar} height={PLOT_H} fill="transparent" />
              <rect
                x={LEFT + i * bar + 2}
                y={base - cashH}
                width={bar - 4}
                height={cashH}
                className="fill-sakura-500"
              />
              <rect
                x={LEFT + i * bar + 2}
                y={base - cashH - cardH}
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
