/**
 * Revenue over the last 30 days, cash and card stacked per day, as a small SVG bar chart with
 * its axes: amounts up the side at round steps, dates (dd-mm-yyyy, as the rest of the
 * dashboard) along the foot. A day's date and amounts show above the chart for the day the
 * pointer is over, a finger touched, or the arrow keys reached; a screen reader reads them all
 * in a table the eye does not see (decision 171). The drawing is as wide as its card in CSS
 * pixels, so its words keep their size on a phone: a narrow chart labels fewer dates.
 */
import type { RevenueDay } from '@otaku/shared';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../../lib/cn';
import { formatPrice } from '../../../lib/format';

/** The drawing's width before it has measured its card (and in a test, which has no layout). */
const DEFAULT_WIDTH = 600;
const HEIGHT = 180;
/** Room for the amounts on the left and the dates below the bars. */
const LEFT = 64;
const BOTTOM = 20;
const TOP = 12;
const PLOT_H = HEIGHT - BOTTOM - TOP;
/** Below this many pixels for the bars, the foot names only the first and the last day. */
const THREE_DATES_MIN_PX = 260;

/** "2026-11-27" (the API's day) as the dashboard writes dates: "27-11-2026". */
export function chartDate(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}-${month}-${year}` : day;
}

/**
 * The amounts the side names: from $0 up in a round step (1, 2 or 5 times a power of ten, at
 * least $1) to the first step at or above the best day: a few steps in all.
 */
export function amountTicks(max: number): number[] {
  const rough = Math.max(max, 1) / 3;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!,
  );
  const steps = Math.max(1, Math.ceil(max / step - 1e-9));
  return Array.from({ length: steps + 1 }, (_, i) => Math.round(i * step * 100) / 100);
}

/** "$1,000" for a whole amount, "$2.50" otherwise. */
const tickLabel = (amount: number) => formatPrice(amount).replace(/\.00$/, '');

/** The days whose dates the foot shows: the first, the middle (when there is room) and the last. */
const labelledDays = (count: number, roomy: boolean) =>
  count === 0
    ? []
    : [...new Set(roomy ? [0, Math.floor((count - 1) / 2), count - 1] : [0, count - 1])];

/** A day's words: "27-11-2026: cash $1,500.00, card $900.50". */
export const dayReading = (d: RevenueDay) =>
  `${chartDate(d.date)}: cash ${formatPrice(d.cash)}, card ${formatPrice(d.card)}`;

/** The element's width in CSS pixels, followed as it changes. */
function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function RevenueChart({ days }: { days: RevenueDay[] }) {
  const [frame, width] = useWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const plotW = Math.max(1, width - LEFT);
  const ticks = amountTicks(Math.max(0, ...days.map((d) => d.cash + d.card)));
  const top = ticks.at(-1)!;
  const bar = plotW / Math.max(1, days.length);
  const total = days.reduce((sum, d) => sum + d.cash + d.card, 0);
  const y = (amount: number) => TOP + PLOT_H - (amount / top) * PLOT_H;
  const last = days.length - 1;
  const shown = active !== null && active <= last ? days[active]! : null;

  const dayAt = (event: PointerEvent<SVGSVGElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left - LEFT;
    return x < 0 ? null : Math.min(last, Math.floor(x / bar));
  };
  const step = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = active ?? last;
    const to = {
      ArrowLeft: from - 1,
      ArrowRight: from + 1,
      ArrowDown: from - 1,
      ArrowUp: from + 1,
      Home: 0,
      End: last,
    }[event.key];
    if (to === undefined || last < 0) return;
    event.preventDefault();
    setActive(Math.max(0, Math.min(last, to)));
  };

  return (
    <figure className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold text-ink-900">Revenue, last 30 days</span>
        <span className="text-sm text-ink-500">
          {formatPrice(total)} · <span className="text-sakura-600">■</span> Cash{' '}
          <span className="text-sky-600">■</span> Card
        </span>
      </figcaption>
      {/* Said as it changes, for a screen reader moving through the days with the arrow keys. */}
      <p
        data-testid="revenue-reading"
        aria-live="polite"
        className={cn(
          'min-h-5 text-sm tabular-nums',
          shown ? 'font-semibold text-ink-700' : 'text-ink-500',
        )}
      >
        {shown ? dayReading(shown) : "A day's amounts: point, tap or arrow keys"}
      </p>
      {/* The keyboard's way in: one stop, the arrow keys move from day to day. */}
      <div
        ref={frame}
        tabIndex={0}
        role="group"
        aria-label="Revenue by day: the arrow keys move from day to day"
        onKeyDown={step}
        onFocus={() => setActive((current) => current ?? last)}
        onBlur={() => setActive(null)}
        className="rounded-lg"
      >
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width="100%"
          height={HEIGHT}
          aria-hidden="true"
          className="block touch-pan-y"
          onPointerMove={(event) => setActive(dayAt(event))}
          onPointerDown={(event) => setActive(dayAt(event))}
          onPointerLeave={(event) => {
            if (event.pointerType === 'mouse') setActive(null);
          }}
        >
          <g data-axis="amounts" className="fill-ink-500 text-xs">
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={LEFT}
                  x2={width}
                  y1={y(tick)}
                  y2={y(tick)}
                  className="stroke-ink-100"
                  strokeWidth={1}
                />
                <text x={LEFT - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                  {tickLabel(tick)}
                </text>
              </g>
            ))}
          </g>
          <g data-axis="dates" className="fill-ink-500 text-xs">
            {labelledDays(days.length, plotW >= THREE_DATES_MIN_PX).map((i) => (
              <text
                key={days[i]!.date}
                x={LEFT + i * bar + bar / 2}
                y={HEIGHT - 4}
                textAnchor={i === 0 ? 'start' : i === last ? 'end' : 'middle'}
              >
                {chartDate(days[i]!.date)}
              </text>
            ))}
          </g>
          {days.map((d, i) => {
            const cashH = (d.cash / top) * PLOT_H;
            const cardH = (d.card / top) * PLOT_H;
            const base = TOP + PLOT_H;
            const inset = Math.min(2, bar / 5);
            return (
              <g key={d.date} data-day={d.date}>
                {/* The whole column answers the pointer, not only a bar a few pixels high. */}
                <rect
                  x={LEFT + i * bar}
                  y={TOP}
                  width={bar}
                  height={PLOT_H}
                  className={i === active ? 'fill-ink-100' : 'fill-transparent'}
                />
                <rect
                  x={LEFT + i * bar + inset}
                  y={base - cashH}
                  width={bar - 2 * inset}
                  height={cashH}
                  className="fill-sakura-500"
                />
                <rect
                  x={LEFT + i * bar + inset}
                  y={base - cashH - cardH}
                  width={bar - 2 * inset}
                  height={cardH}
                  className="fill-sky-500"
                />
              </g>
            );
          })}
        </svg>
      </div>
      <table className="sr-only">
        <caption>{`Revenue by day, last 30 days: ${formatPrice(total)}`}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Cash</th>
            <th scope="col">Card</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{chartDate(d.date)}</th>
              <td>{formatPrice(d.cash)}</td>
              <td>{formatPrice(d.card)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
