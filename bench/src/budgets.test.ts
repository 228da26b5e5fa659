import { describe, expect, it } from 'vitest';
import type { BundleRow, PageKey } from './bundle';
import { checkBudgets, summarise, type Measured } from './budgets';
import type { LighthouseRow } from './lighthouse';
import type { LoadResult, ScenarioKey } from './load';
import type { EngineReport } from './report';

const load = (key: ScenarioKey, overrides: Partial<LoadResult> = {}): LoadResult => ({
  key,
  name: key,
  requestsPerSecond: 20_000,
  p50: 1,
  p95: 5,
  p99: 8,
  errors: 0,
  unexpected: {},
  total: 200_000,
  ...overrides,
});

const KEYS: ScenarioKey[] = [
  'listing',
  'listingWhileCarts',
  'search',
  'searchUncached',
  'detail',
  'dashboard',
  'addToCart',
  'order',
];

const engine = (name: string, overrides: Partial<Record<ScenarioKey, Partial<LoadResult>>> = {}) =>
  ({
    engine: name,
    scale: '10000 products, 100000 orders',
    load: KEYS.map((key) => load(key, overrides[key])),
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
    expect(rows).toHaveLength(8 + 1 + 2 + 4 + 1 + 3);
    expect(summarise(rows)).toBe('19 met');
  });

  it('misses a load budget on its rate, its tail or its errors, on PostgreSQL only', () => {
    const run = fullRun();
    run.engines[0] = engine('PostgreSQL over TCP', {
      listing: { p99: 31 },
      detail: { requestsPerSecond: 9_999 },
      addToCart: { errors: 3 },
      dashboard: { p95: 100 },
    });
    const rows = checkBudgets(run);
    const byName = new Map(rows.map((r) => [r.budget, r]));
    expect(byName.get('shop listing')).toMatchObject({
      verdict: 'missed',
      measured: '20,000 req/s, p99 31 ms',
    });
    expect(byName.get('product detail')?.verdict).toBe('missed');
    expect(byName.get('add to cart')).toMatchObject({
      verdict: 'missed',
      measured: '20,000 req/s, p99 8 ms, 3 errors',
    });
    // At the bound is within it.
    expect(byName.get('dashboard lists at 100,000 orders')?.verdict).toBe('met');
    expect(summarise(rows)).toBe('16 met, 3 missed');
  });

  it('holds PGlite to its own listing budget and not to PostgreSQL’s', () => {
    const run = fullRun();
    run.engines[1] = engine('PGlite', {
      listing: { requestsPerSecond: 999, p99: 80 },
      listingWhileCarts: { requestsPerSecond: 480, p99: 120 },
    });
    expect(verdictOf(run, 'shop listing')).toBe('met');
    expect(verdictOf(run, 'shop listing while carts change')).toBe('met');
    expect(verdictOf(run, 'shop listing on PGlite')).toBe('missed');
    expect(verdictOf(run, 'shop listing on PGlite while carts change')).toBe('missed');
  });

  it('says what a run did not measure instead of judging it', () => {
    const rows = checkBudgets({
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
    expect(summarise(rows)).toBe('3 met, 16 not measured');
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
});
