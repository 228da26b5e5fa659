/** Writes the results as Markdown, with the machine at the top. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STEADY_PERCENT, steadyWarmUpSeconds, summarise, type BudgetRow } from './budgets';
import type { BundleRow } from './bundle';
import type { DropResult } from './drop';
import type { SearchExplained } from './explain';
import type { Scale } from './generate';
import type { GrowthRow } from './growth';
import type { LighthouseRow } from './lighthouse';
import type { LoadResult } from './load';
import type { PostgresReference } from './reference';

export interface EngineReport {
  engine: string;
  /** What the run generated for this engine. */
  scale: Scale;
  /** How long generating the data took, in seconds. */
  generatedSeconds?: number;
  load: LoadResult[];
  statements: Array<{ name: string; statements: number | null; status: number }>;
  /** PostgreSQL's own rates from here (PostgreSQL only). */
  reference?: PostgresReference;
  /** A misspelt search's statements as the database runs them at this size. */
  explained?: SearchExplained;
  /** A large run: each endpoint against the default size's committed results. */
  growth?: GrowthRow[];
  /** "A limited drop opens": one burst of shoppers at one limited product. */
  drop?: DropResult;
}

export interface Report {
  /** A bare Node HTTP server under the same load, before and after the shop's runs. */
  ceiling: LoadResult[];
  engines: EngineReport[];
  bundles: BundleRow[];
  lighthouse: LighthouseRow[];
  connections: number;
  seconds: number;
  /** A smoke run (tiny data, short): its verdicts on the budgets say nothing of the shop. */
  smoke: boolean;
  /** Each budget and whether the run met it (budgets.ts). */
  budgets: BudgetRow[];
}

const table = (head: string[], rows: Array<Array<string | number>>) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

export function renderReport(report: Report): string {
  const cpu = os.cpus();
  const parts = [
    '# Benchmark results',
    '',
    `Machine: ${cpu.length} cores (${cpu[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
    `Load: autocannon on loopback, ${report.connections} connections, ${report.seconds} s per endpoint; server and load generator on the same machine.`,
    '',
    '## This machine',
    '',
    'What the machine itself allows, under the same load: the most requests a second any endpoint could answer here. The read budgets are shares of the mean of these two rows; where the two differ much, the machine’s speed changed during the run.',
    '',
    table(
      ['reference', 'req/s', 'p50 ms', 'p99 ms'],
      report.ceiling.map((c) => [c.name, c.requestsPerSecond, c.p50, c.p99]),
    ),
  ];
  const { budgets } = report;
  parts.push(
    '',
    '## Budgets',
    '',
    report.smoke
      ? 'A smoke run (tiny data, a quarter of a second per endpoint, no Lighthouse): these verdicts only show that the suite reads its results, not how fast the shop is.'
      : [
          `For 2 cores, 50 connections, server and load generator on one machine, the full data set, PostgreSQL unless named. Rates are shares of references measured in this run: the bare Node HTTP server (above) for reads, PostgreSQL’s one-row commits for writes, its \`select 1\` round trips for a search no kept answer serves; latencies are read at a steady ${STEADY_PERCENT}% of each endpoint’s own rate.`,
          report.connections === 50 ? '' : ` This run used ${report.connections} connections.`,
          ` ${summarise(budgets)}.`,
        ].join(''),
    '',
    table(
      ['budget', 'target', 'measured', 'verdict'],
      budgets.map((b) => [b.budget, b.target, b.measured || '–', b.verdict]),
    ),
  );
  for (const e of report.engines) {
    parts.push('', `## ${e.engine} (${e.scale.products} products, ${e.scale.orders} orders)`, '');
    if (e.generatedSeconds !== undefined)
      parts.push(`Generating the data took ${e.generatedSeconds} s.`, '');
    if (e.reference) {
      parts.push(
        `PostgreSQL itself, through ${e.reference.connections} connections (the shop's pool) with ${report.connections} callers: ${e.reference.reads} \`select 1\` and ${e.reference.commits} one-row commits a second.`,
        '',
      );
    }
    parts.push(
      table(
        ['endpoint', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'requests'],
        e.load.map((r) => [r.name, r.requestsPerSecond, r.p50, r.p95, r.p99, r.errors, r.total]),
      ),
    );
    const steady = e.load.filter((r) => r.steady);
    if (steady.length > 0) {
      parts.push(
        '',
        `At a steady ${STEADY_PERCENT}% of each endpoint’s rate above (all requests a second; each latency timed from the request’s turn; timed after a warm-up of ${steadyWarmUpSeconds(report.seconds)} s):`,
        '',
        table(
          ['endpoint', 'req/s sent', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'],
          steady.map(({ name, steady: r }) => [
            name,
            r!.sentPerSecond,
            r!.p50,
            r!.p95,
            r!.p99,
            r!.errors,
          ]),
        ),
      );
    }
    if (e.drop) {
      const d = e.drop;
      parts.push(
        '',
        `A limited drop opens: ${d.shoppers} shoppers, each on a connection of their own and signed in as themselves, add one unit at the same moment (stock ${d.stock}, limit ${d.limit} per customer); each answer timed from its own request.`,
        '',
        table(
          [
            'p50 ms',
            'p99 ms',
            'max ms',
            'answers',
            'errors',
            'units held',
            'oversold',
            'left unsold',
            'above the limit',
          ],
          [
            [
              d.p50,
              d.p99,
              d.max,
              Object.entries(d.statuses)
                .map(([status, n]) => `${n} × ${status}`)
                .join(', '),
              d.errors,
              d.held,
              d.oversold,
              d.unsold,
              d.aboveLimit,
            ],
          ],
        ),
      );
    }
    parts.push(
      '',
      'SQL statements per request (one request at a time):',
      '',
      table(
        ['request', 'statements', 'status'],
        e.statements.map((s) => [s.name, s.statements ?? 'n/a', s.status]),
      ),
    );
    if (e.growth) {
      const times = (n: number | null) => (n === null ? '–' : `${n}×`);
      parts.push(
        '',
        `Against the default size (the committed \`bench/results/latest.md\`, same engine): the large run’s p50, p99 and requests a second over the default’s, at full load, and its p99 over the default’s at a steady ${STEADY_PERCENT}% of each run’s own rate.`,
        '',
        table(
          ['endpoint', 'p50', 'p99', `p99 at ${STEADY_PERCENT}%`, 'req/s'],
          e.growth.map((g) => [
            g.endpoint,
            times(g.p50),
            times(g.p99),
            times(g.steadyP99),
            times(g.requestsPerSecond),
          ]),
        ),
      );
    }
    if (e.explained) {
      parts.push(
        '',
        `A misspelt search at this size, \`${e.explained.query}\`, as the database runs it with no kept answer: the readings of its words, then the page (\`EXPLAIN (ANALYZE, BUFFERS)\`, one run, after the data was generated).`,
        ...e.explained.plans.flatMap((plan) => ['', '```', plan, '```']),
      );
    }
  }
  if (report.bundles.length > 0) {
    parts.push(
      '',
      '## JavaScript loaded first (gzipped)',
      '',
      table(
        ['page', 'KB', 'files'],
        report.bundles.map((b) => [b.page, b.kilobytes, b.files]),
      ),
    );
  }
  if (report.lighthouse.length > 0) {
    parts.push(
      '',
      '## Lighthouse (mobile, median of runs)',
      '',
      `${report.lighthouse[0]?.runner ? `${report.lighthouse[0].runner}. ` : ''}Blocked: long tasks’ time past 50 ms over the whole load (TBT counts from the first paint), in the app’s scripts or in the rest (loading and parsing the page, style, layout).`,
      '',
      table(
        [
          'page',
          'performance',
          'LCP ms',
          'TBT ms',
          'CLS',
          'blocked in scripts ms',
          'blocked in the page ms',
          'benchmark index',
        ],
        report.lighthouse.map((l) => [
          l.page,
          l.score,
          l.lcpMs,
          l.tbtMs,
          l.cls,
          l.scriptsBlockingMs,
          l.pageBlockingMs,
          l.benchmarkIndex,
        ]),
      ),
    );
  }
  return parts.join('\n') + '\n';
}

export function writeReport(report: Report, file: string): string {
  const text = renderReport(report);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return text;
}
