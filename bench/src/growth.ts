/**
 * How each endpoint grows with the catalog: a large run's rows against the default size's, as
 * the committed results (bench/results/latest.md) have them for the same engine and endpoint.
 * Latency is compared twice: at full load, where a p99 is mostly the saturated machine's queue,
 * and at a steady share of each run's own rate, where the latency budgets read it (decision 182).
 */
import type { LoadResult, ScenarioKey } from './load';

export interface DefaultRow {
  engine: string;
  endpoint: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** The p99 of its steady run, at a share of its own rate; null: the endpoint has none. */
  steadyP99: number | null;
}

export interface GrowthRow {
  key?: ScenarioKey;
  endpoint: string;
  /** The large run's p50 and p99 over the default's (2 = twice as slow); null: no default row. */
  p50: number | null;
  p99: number | null;
  /** The same, of the p99s of the steady runs; null: either run has none. */
  steadyP99: number | null;
  /** The large run's requests a second over the default's (0.5 = half as many). */
  requestsPerSecond: number | null;
}

/**
 * The engine sections' endpoint rows of a results file (report.ts writes them), each with the
 * p99 of its steady run from the table that follows them.
 */
export function readDefaultRows(markdown: string): DefaultRow[] {
  const rows: DefaultRow[] = [];
  let engine: string | null = null;
  for (const line of markdown.split('\n')) {
    const heading = /^## (PostgreSQL|PGlite)\b/.exec(line);
    if (heading) engine = heading[1]!;
    else if (line.startsWith('## ')) engine = null;
    const cells = line.split('|').map((c) => c.trim());
    if (!engine || !/^\d/.test(cells[2] ?? '')) continue;
    // | endpoint | req/s | p50 ms | p95 ms | p99 ms | errors | requests |
    if (cells.length === 9) {
      rows.push({
        engine,
        endpoint: cells[1]!,
        requestsPerSecond: Number(cells[2]),
        p50: Number(cells[3]),
        p99: Number(cells[5]),
        steadyP99: null,
      });
    }
    // | endpoint | req/s sent | p50 ms | p95 ms | p99 ms | errors |
    if (cells.length === 8) {
      const full = rows.find((r) => r.engine === engine && r.endpoint === cells[1]);
      if (full) full.steadyP99 = Number(cells[5]);
    }
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
    const steady = r.steady && base?.steadyP99 ? ratio(r.steady.p99, base.steadyP99) : null;
    return {
      ...(r.key && { key: r.key }),
      endpoint: r.name,
      p50: base ? ratio(r.p50, base.p50) : null,
      p99: base ? ratio(r.p99, base.p99) : null,
      steadyP99: steady,
      requestsPerSecond: base ? ratio(r.requestsPerSecond, base.requestsPerSecond) : null,
    };
  });
}
