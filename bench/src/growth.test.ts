import { describe, expect, it } from 'vitest';
import { growth, readDefaultRows } from './growth';
import type { LoadResult } from './load';

const RESULTS = `# Benchmark results

## Budgets

| budget | target | measured | verdict |
| --- | --- | --- | --- |
| shop listing | ≥ 4,000 req/s, p99 ≤ 30 ms | 29,899 req/s, p99 5.24 ms | met |

## PostgreSQL over a Unix socket (10000 products, 100000 orders)

| endpoint | req/s | p50 ms | p95 ms | p99 ms | errors | requests |
| --- | --- | --- | --- | --- | --- | --- |
| shop listing (filters, sorts, pages) | 29899 | 1.37 | 3.06 | 5.24 | 0 | 328894 |
| search (exact and with typos) | 30874 | 1.34 | 2.99 | 4.78 | 0 | 308740 |

At a steady 25% of each endpoint’s rate above:

| endpoint | req/s sent | p50 ms | p95 ms | p99 ms | errors |
| --- | --- | --- | --- | --- | --- |
| shop listing (filters, sorts, pages) | 7474 | 0.61 | 1.8 | 6.1 | 0 |

SQL statements per request (one request at a time):

| request | statements | status |
| --- | --- | --- |
| listing page 1 | 1 | 200 |

## PGlite (10000 products, 100000 orders)

| endpoint | req/s | p50 ms | p95 ms | p99 ms | errors | requests |
| --- | --- | --- | --- | --- | --- | --- |
| shop listing (filters, sorts, pages) | 27109 | 1.5 | 3 | 6 | 0 | 271090 |
`;

const row = (name: string, requestsPerSecond: number, p50: number, p99: number): LoadResult => ({
  name,
  requestsPerSecond,
  sentPerSecond: requestsPerSecond,
  p50,
  p95: p99,
  p99,
  errors: 0,
  unexpected: {},
  total: 1,
});

describe('growth against the default size', () => {
  it('reads the engines’ endpoint rows, not the budgets’ or the statements’', () => {
    expect(readDefaultRows(RESULTS)).toEqual([
      {
        engine: 'PostgreSQL',
        endpoint: 'shop listing (filters, sorts, pages)',
        requestsPerSecond: 29899,
        p50: 1.37,
        p99: 5.24,
        steadyP99: 6.1,
      },
      {
        engine: 'PostgreSQL',
        endpoint: 'search (exact and with typos)',
        requestsPerSecond: 30874,
        p50: 1.34,
        p99: 4.78,
        steadyP99: null,
      },
      {
        engine: 'PGlite',
        endpoint: 'shop listing (filters, sorts, pages)',
        requestsPerSecond: 27109,
        p50: 1.5,
        p99: 6,
        steadyP99: null,
      },
    ]);
  });

  it('divides each row by the same engine’s row of the same name', () => {
    const rows = growth(
      'PGlite',
      [row('shop listing (filters, sorts, pages)', 13554, 3, 18), row('new endpoint', 1, 1, 1)],
      readDefaultRows(RESULTS),
    );
    expect(rows).toEqual([
      {
        endpoint: 'shop listing (filters, sorts, pages)',
        p50: 2,
        p99: 3,
        steadyP99: null,
        requestsPerSecond: 0.5,
      },
      { endpoint: 'new endpoint', p50: null, p99: null, steadyP99: null, requestsPerSecond: null },
    ]);
  });

  it('compares the steady runs’ p99s too, on the same engine only', () => {
    const steady = { ...row('shop listing (filters, sorts, pages)', 1868, 0.4, 3.05) };
    const large = {
      ...row('shop listing (filters, sorts, pages)', 14950, 2, 10.48),
      key: 'listing' as const,
      steady,
    };
    const defaults = readDefaultRows(RESULTS);
    expect(growth('PostgreSQL over a Unix socket', [large], defaults)).toEqual([
      {
        key: 'listing',
        endpoint: 'shop listing (filters, sorts, pages)',
        p50: 1.46,
        p99: 2,
        steadyP99: 0.5,
        requestsPerSecond: 0.5,
      },
    ]);
    // PGlite's default section has no steady table: nothing to compare with.
    expect(growth('PGlite', [large], defaults)[0]!.steadyP99).toBeNull();
  });
});
