/**
 * How each endpoint grows with the catalog: a large run's rows against the default size's, as
 * the committed results (bench/results/latest.md) have them for the same engine and endpoint.
 */
import type { LoadResult } from './load';

export interface DefaultRow {
  engine: string;
  endpoint: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

export interface GrowthRow {
  endpoint: string;
  /** The large run's p50 and p99 over the default's (2 = twice as slow); null: no default row. */
  p50: number | null;
  p99: number | null;
  /** The large run's requests a second over the default's (0.5 = half as many). */
  requestsPerSecond: number | null;
}

/** The engine sections' endpoint rows of a results file (report.ts writes them). */
export function readDefaultRows(markdown: string): DefaultRow[] {
  const rows: DefaultRow[] = [];
  let engine: string | null = null;
  for (const line of markdown.split('\n')) {
    const heading = /^## (PostgreSQL|PGlite)\b/.exec(line);
    if (heading) engine = heading[1]!;
    else if (line.startsWith('## ')) engine = null;
    const cells = line.split('|').map((c) => c.trim());
    // | endpoint | req/s | p50 ms | p95 ms | p99 ms | errors | requests |
    if (!engine || cells.length !== 9 || !/^\d/.test(cells[2]!)) continue;
    rows.push({
      engine,
      endpoint: cells[1]!,
      requestsPerSecond: Number(cells[2]),
      p50: Number(cells[3]),
      p99: Number(cells[5]),
    });
  }
  return rows;
}

const ratio = (large: number, base: number) =>
  base > 0 ? Math.round((large / base) * 100) / 100 : null;

/** Each of an engine's load rows beside the default size's row of the same name. */
export function growth(engine: string, load: LoadResult[], defaults: DefaultRow[]): GrowthRow[] {
  const family = engine.startsWith('PGlite') ? 'PGlite' : 'PostgreSQL';
  return load.map((r) => {
    const base = defaults.find((d) => d.engine === family && d.endpoint === r.name);
    return {
      endpoint: r.name,
      p50: base ? ratio(r.p50, base.p50) : null,
      p99: base ? ratio(r.p99, base.p99) : null,
      requestsPerSecond: base ? ratio(r.requestsPerSecond, base.requestsPerSecond) : null,
    };
  });
}
