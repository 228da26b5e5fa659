import { describe, expect, it } from 'vitest';
import type { BundleRow, PageKey } from './bundle';
import type { DropResult } from './drop';
import { FULL, LARGE } from './generate';
import { checkBudgets, summarise, type Measured } from './budgets';
import type { LighthouseRow } from './lighthouse';
import type { LoadResult, ScenarioKey } from './load';
import type { EngineReport } from './report';

const result = (overrides: Partial<LoadResult> = {}): LoadResult => ({
  name: 'a scenario',
  requestsPerSecond: 20_000,
  sentPerSecond: 20_000,
  p50: 1,
  p95: 5,
  p99: 8,
  errors: 0,
  unexpected: {},
  total: 200_000,
  ...overrides,
});

/** A scenario's result at full load, with its run at a steady share of that rate. */
const load = (
  key: ScenarioKey,
  overrides: Partial<LoadResult> = {},
  steady: Partial<LoadResult> = {},
): LoadResult =>
  result({
    key,
    name: key,
    steady: result({ requestsPerSecond: 10_000, sentPerSecond: 10_000, p99: 3, ...steady }),
    ...overrides,
  });

/** The bare server answered 50,000 req/s on average: a read budget of 0.20 asks for 10,000. */
const CEILING = [
  result({ name: 'before', requestsPerSecond: 40_000 }),
  result({ name: 'after', requestsPerSecond: 60_000 }),
];
/** PostgreSQL's commits: a write budget of 0.13 asks for 1,300. */
const COMMITS = 10_000;
/** PostgreSQL's `select 1` round trips: never-cached search's budget of 0.012 asks for 480. */
const ROUND_TRIPS = 40_000;

const KEYS: ScenarioKey[] = [
  'listing',
  'listingWhileCarts',
  'search',
  'searchUncached',
  'searchUncachedAlone',
  'detail',
  'dashboard',
  'addToCart',
  'order',
];

/** A drop that went as it must: 50 held of 50 by 50 shoppers, 250 refused. */
const drop = (overrides: Partial<DropResult> = {}): DropResult => ({
  productId: 'TOY-DROP00',
  stock: 50,
  limit: 1,
  shoppers: 300,
  p50: 40,
  p99: 150,
  max: 160,
  errors: 0,
  statuses: { 200: 50, 409: 250 },
  held: 50,
  oversold: 0,
  unsold: 0,
  aboveLimit: 0,
  ...overrides,
});

const engine = (
  name: string,
  overrides: Partial<Record<ScenarioKey, Partial<LoadResult>>> = {},
  steady: Partial<Record<ScenarioKey, Partial<LoadResult>>> = {},
) =>
  ({
    engine: name,
    scale: FULL,
    load: KEYS.map((key) => load(key, overrides[key], steady[key])),
    drop: drop(),
    ...(name.startsWith('PostgreSQL')
      ? { reference: { connections: 5, reads: ROUND_TRIPS, commits: COMMITS } }
      : {}),
    statements: [
      { name: 'listing page 1', statements: 1, status: 200 },
      { name: 'listing page 40', statements: 1, status: 200 },
      { name: 'dashboard orders page 1', statements: 1, status: 200 },
      { name: 'dashboard orders page 250', statements: 1, status: 200 },
    ],
  }) satisfies EngineReport;

const bundle = (key: PageKey, kilobytes = 118, fileNames = ['entry.js']): BundleRow => ({
  key,
  page: key,
  kilobytes,
  files: fileNames.length + 1,
  routeFile: `${key}-route.js`,
  fileNames: [...fileNames, `${key}-route.js`],
});

const page = (name: string, overrides: Partial<LighthouseRow> = {}): LighthouseRow => ({
  page: name,
  score: 99,
  lcpMs: 1_500,
  tbtMs: 20,
  cls: 0.001,
  benchmarkIndex: 2_000,
  scriptsBlockingMs: 0,
  pageBlockingMs: 50,
  ...overrides,
});

const fullRun = (): Measured => ({
  ceiling: CEILING,
  engines: [engine('PostgreSQL over a Unix socket'), engine('PGlite')],
  bundles: (['home', 'shop', 'product', 'cart', 'dashboard'] as const).map((k) => bundle(k)),
  lighthouse: ['home', 'shop', 'product'].map((p) => page(p)),
});

const verdictOf = (measured: Measured, budget: string) =>
  checkBudgets(measured).find((r) => r.budget === budget)?.verdict;

describe('checkBudgets', () => {
  it('meets every budget of a run within them, one row each', () => {
    const rows = checkBudgets(fullRun());
    expect(rows.map((r) => r.verdict)).toEqual(rows.map(() => 'met'));
    expect(rows).toHaveLength(9 + 1 + 1 + 2 + 1 + 4 + 1 + 3);
    expect(summarise(rows)).toBe('22 met');
  });

  it('holds a rate to its share of the run’s reference: reads, writes and the database’s reads each to their own', () => {
    const run = fullRun();
    run.engines[0] = engine('PostgreSQL over TCP', {
      // 0.20 × 50,000 = 10,000: at the bound is within it.
      listing: { requestsPerSecond: 10_000 },
      search: { requestsPerSecond: 9_999 },
      // 0.13 × 10,000 commits = 1,300.
      addToCart: { requestsPerSecond: 1_299 },
      // 0.012 × 40,000 round trips = 480 (of the bare server's 50,000 it would be 600).
      searchUncached: { requestsPerSecond: 480, steady: undefined },
    });
    const byName = new Map(checkBudgets(run).map((r) => [r.budget, r]));
    expect(byName.get('shop listing')).toMatchObject({
      verdict: 'met',
      target: '≥ 0.20 × the bare server’s req/s, p99 ≤ 30 ms at 25% of its rate',
      measured: '10,000 req/s = 0.20 × 50,000, p99 3 ms, at 10,000 req/s',
    });
    expect(byName.get('search (a listing with a query)')?.verdict).toBe('missed');
    expect(byName.get('add to cart')).toMatchObject({
      verdict: 'missed',
      measured: '1,299 req/s = 0.13 × 10,000, p99 3 ms, at 10,000 req/s',
    });
    expect(byName.get('search never cached (a new query each time)')).toMatchObject({
      verdict: 'met',
      target: '≥ 0.012 × PostgreSQL’s round trips req/s',
      measured: '480 req/s = 0.012 × 40,000',
    });
    run.engines[0].load.find((r) => r.key === 'searchUncached')!.requestsPerSecond = 479;
    expect(verdictOf(run, 'search never cached (a new query each time)')).toBe('missed');
  });

  it('the same shop on a machine half as fast meets the same rate budgets', () => {
    const run = fullRun();
    const half = (r: LoadResult) => ({ ...r, requestsPerSecond: r.requestsPerSecond / 2 });
    run.ceiling = run.ceiling.map(half);
    run.engines = run.engines.map((e) => ({
      ...e,
      load: e.load.map(half),
      ...(e.reference
        ? { reference: { ...e.reference, reads: ROUND_TRIPS / 2, commits: COMMITS / 2 } }
        : {}),
    }));
    expect(summarise(checkBudgets(run))).toBe('22 met');
  });

  it('reads latency at the steady load, and misses on its tail or on errors of either run', () => {
    const run = fullRun();
    run.engines[0] = engine(
      'PostgreSQL over TCP',
      // The saturated run's tail is what the machine queues, not what the budget reads.
      { listing: { p99: 500 }, addToCart: { errors: 3 } },
      { detail: { p99: 10.01 }, dashboard: { p95: 100 }, order: { errors: 1 } },
    );
    const byName = new Map(checkBudgets(run).map((r) => [r.budget, r]));
    expect(byName.get('shop listing')?.verdict).toBe('met');
    expect(byName.get('product detail')).toMatchObject({
      verdict: 'missed',
      measured: '20,000 req/s = 0.40 × 50,000, p99 10.01 ms, at 10,000 req/s',
    });
    // At the bound is within it.
    expect(byName.get('dashboard lists at 100,000 orders')?.verdict).toBe('met');
    expect(byName.get('add to cart')?.measured).toMatch(/, 3 errors$/);
    expect(byName.get('add to cart')?.verdict).toBe('missed');
    expect(byName.get('cash-on-delivery order placement')?.verdict).toBe('missed');
  });

  it('reads a scenario of one shopper at a time by its own latencies, with no steady run', () => {
    const run = fullRun();
    run.engines[0] = engine(
      'PostgreSQL over TCP',
      { searchUncachedAlone: { p99: 30.5, requestsPerSecond: 150, steady: undefined } },
      {},
    );
    expect(
      checkBudgets(run).find((r) => r.budget.startsWith('search never cached, one')),
    ).toMatchObject({
      verdict: 'missed',
      target: 'p99 ≤ 30 ms one at a time',
      measured: 'p99 30.5 ms',
    });
  });

  it('does not judge a rate without its reference or a latency without its steady run', () => {
    const run = fullRun();
    run.ceiling = [];
    run.engines[0] = { ...engine('PostgreSQL over TCP'), reference: undefined };
    run.engines[0].load = run.engines[0].load.map((r) =>
      r.key === 'order' ? { ...r, steady: undefined } : r,
    );
    const verdicts = new Map(checkBudgets(run).map((r) => [r.budget, r.verdict]));
    expect(verdicts.get('shop listing')).toBe('not measured');
    expect(verdicts.get('add to cart')).toBe('not measured');
    expect(verdicts.get('shop listing on PGlite')).toBe('not measured');
    expect(verdicts.get('cash-on-delivery order placement')).toBe('not measured');
    // A latency budget alone needs no reference.
    expect(verdicts.get('dashboard lists at 100,000 orders')).toBe('met');
  });

  it('names the orders of the run’s size in the dashboard’s budget', () => {
    const run = fullRun();
    run.engines[0] = { ...run.engines[0]!, scale: LARGE };
    expect(checkBudgets(run).map((r) => r.budget)).toContain('dashboard lists at 1,000,000 orders');
  });

  it('holds a large run’s listing and product detail to 1.5× the default size’s steady p99', () => {
    const run = fullRun();
    const grown = (listing: number | null, detail: number | null) => [
      {
        key: 'listing' as const,
        endpoint: 'shop listing',
        p50: 2,
        p99: 2.07,
        steadyP99: listing,
        requestsPerSecond: 0.5,
      },
      {
        key: 'detail' as const,
        endpoint: 'product detail',
        p50: 1,
        p99: 1.69,
        steadyP99: detail,
        requestsPerSecond: 0.9,
      },
    ];
    const growthRow = (listing: number | null, detail: number | null) => {
      run.engines[0] = { ...run.engines[0]!, scale: LARGE, growth: grown(listing, detail) };
      return checkBudgets(run).find((r) => r.budget === 'growth at ten times the catalog');
    };
    // Full load's p99 grew past 1.5× in both rows; the budget reads the steady runs'.
    expect(growthRow(0.58, 1.5)).toMatchObject({
      measured: 'listing 0.58×, product detail 1.5×',
      verdict: 'met',
    });
    expect(growthRow(0.58, 1.51)?.verdict).toBe('missed');
    expect(growthRow(null, 0.62)?.verdict).toBe('not measured');
    // A run of the default size has no growth, and no such row.
    expect(checkBudgets(fullRun()).map((r) => r.budget)).not.toContain(
      'growth at ten times the catalog',
    );
  });

  it('holds PGlite to its own listing budget and not to PostgreSQL’s', () => {
    const run = fullRun();
    // PGlite's shares are 0.15 and 0.02 of 50,000: 7,500 and 1,000.
    run.engines[1] = engine('PGlite', {
      listing: { requestsPerSecond: 7_499, p99: 80 },
      listingWhileCarts: { requestsPerSecond: 999, p99: 120 },
    });
    expect(verdictOf(run, 'shop listing')).toBe('met');
    expect(verdictOf(run, 'shop listing while carts change')).toBe('met');
    expect(verdictOf(run, 'shop listing on PGlite')).toBe('missed');
    expect(verdictOf(run, 'shop listing on PGlite while carts change')).toBe('missed');
  });

  it('says what a run did not measure instead of judging it', () => {
    const rows = checkBudgets({
      ceiling: CEILING,
      engines: [engine('PGlite')],
      bundles: [],
      lighthouse: [page('home')],
    });
    const notMeasured = rows.filter((r) => r.verdict === 'not measured').map((r) => r.budget);
    expect(notMeasured).toContain('shop listing');
    expect(notMeasured).toContain('SQL statements per request');
    expect(notMeasured).toContain('first-load JavaScript, home');
    expect(notMeasured).toContain('the dashboard loads on demand');
    expect(notMeasured).toContain('Lighthouse mobile, shop');
    expect(notMeasured).not.toContain('Lighthouse mobile, home');
    expect(summarise(rows)).toBe('4 met, 18 not measured');
  });

  it('misses when a deep page costs more statements than the first', () => {
    const run = fullRun();
    const postgres = engine('PostgreSQL over a Unix socket');
    postgres.statements[3] = { name: 'dashboard orders page 250', statements: 2, status: 200 };
    run.engines[0] = postgres;
    expect(checkBudgets(run).find((r) => r.budget === 'SQL statements per request')).toMatchObject({
      verdict: 'missed',
      measured: 'listing 1 and 1; dashboard orders 1 and 2',
    });
  });

  it('misses a shop page over 130 KB and a dashboard loaded with a shop page', () => {
    const run = fullRun();
    run.bundles = [
      bundle('home', 130),
      bundle('shop', 130.1),
      bundle('product', 118, ['entry.js', 'dashboard-route.js']),
      bundle('cart'),
      bundle('dashboard', 168),
    ];
    expect(verdictOf(run, 'first-load JavaScript, home')).toBe('met');
    expect(verdictOf(run, 'first-load JavaScript, shop')).toBe('missed');
    const onDemand = checkBudgets(run).find((r) => r.budget === 'the dashboard loads on demand');
    expect(onDemand).toMatchObject({ verdict: 'missed', measured: 'loaded first by product' });
  });

  it('misses a Lighthouse page on its score, its largest paint or its layout shift', () => {
    const run = fullRun();
    run.lighthouse = [
      page('home', { score: 94 }),
      page('shop', { lcpMs: 2_501 }),
      page('product', { cls: 0.051 }),
    ];
    const verdicts = checkBudgets(run)
      .filter((r) => r.budget.startsWith('Lighthouse'))
      .map((r) => r.verdict);
    expect(verdicts).toEqual(['missed', 'missed', 'missed']);
  });

  it('holds a drop on PostgreSQL to its p99 and on both engines to exactly the stock within the limit', () => {
    const rowOf = (run: Measured, budget: string) =>
      checkBudgets(run).find((r) => r.budget === budget);
    const postgres = 'a limited drop opens (300 shoppers at once)';
    const pglite = 'a limited drop opens on PGlite';
    expect(rowOf(fullRun(), postgres)).toEqual({
      budget: postgres,
      target: 'p99 ≤ 200 ms, 0 errors, 0 oversold, 0 above the limit, none left unsold',
      measured: 'p99 150 ms, 0 errors, 50 of 50 held, 0 above the limit',
      verdict: 'met',
    });
    const cases: Array<[Partial<DropResult>, string]> = [
      [{ p99: 201 }, 'missed'],
      [{ errors: 1 }, 'missed'],
      [{ held: 51, oversold: 1 }, 'missed'],
      [{ held: 49, unsold: 1 }, 'missed'],
      [{ aboveLimit: 1 }, 'missed'],
    ];
    for (const [overrides, verdict] of cases) {
      const run = fullRun();
      run.engines[0] = { ...run.engines[0]!, drop: drop(overrides) };
      expect(rowOf(run, postgres)?.verdict, JSON.stringify(overrides)).toBe(verdict);
    }
    const slow = fullRun();
    slow.engines[1] = { ...slow.engines[1]!, drop: drop({ p99: 900 }) };
    expect(rowOf(slow, pglite)).toMatchObject({
      verdict: 'met',
      target: expect.not.stringContaining('p99'),
    });
    const none = fullRun();
    delete none.engines[1]!.drop;
    expect(rowOf(none, pglite)?.verdict).toBe('not measured');
  });
});
