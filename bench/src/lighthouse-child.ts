/**
 * Runs Lighthouse (mobile preset, performance only) in Debian's Chromium on each page a number
 * of times and prints every run's measures as JSON on stdout. Started by `lighthouse.ts` on a
 * Node that Lighthouse supports; the argument is `{ pages: [{ page, url }], runs }`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseSample {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own measure of this machine's speed (higher is faster); its slowdown is fixed. */
  benchmarkIndex: number;
  /** Long tasks' time past 50 ms in the app's scripts (their evaluation, hydration, handlers). */
  scriptsBlockingMs: number;
  /** The same in the rest: loading and parsing the page, style and layout, unattributed work. */
  pageBlockingMs: number;
}

/** What the child prints: each page's runs, and which Lighthouse on which Node measured them. */
export interface LighthouseOutput {
  samples: Record<string, LighthouseSample[]>;
  runner: string;
}

type LongTask = { url?: string; duration?: number };

/**
 * Where the main thread was blocked, from Lighthouse's long tasks (their simulated durations,
 * as TBT's): a task's time past 50 ms, counted for a script when Lighthouse puts it in one.
 * Over the whole load, where TBT counts from the first paint only, so the two differ.
 */
function blockingOf(details: unknown): { scripts: number; page: number } {
  const items = ((details as { items?: LongTask[] } | undefined)?.items ?? []).filter(
    (t) => typeof t.duration === 'number',
  );
  const past50 = (tasks: LongTask[]) =>
    Math.round(tasks.reduce((sum, t) => sum + Math.max(0, t.duration! - 50), 0));
  const inScript = (t: LongTask) => /\.m?js(\?|$)/.test(t.url ?? '');
  return {
    scripts: past50(items.filter(inScript)),
    page: past50(items.filter((t) => !inScript(t))),
  };
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let lighthouseVersion = '';

/** Where each run's full report is kept, for reading in Lighthouse's viewer or by script. */
const reportsDir = path.resolve(import.meta.dirname, '..', '.work', 'lighthouse');

async function measure(
  url: string,
  port: number,
  report: string,
): Promise<LighthouseSample | undefined> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result?.lhr;
  if (!lhr) return undefined;
  writeFileSync(path.join(reportsDir, `${report}.json`), JSON.stringify(lhr));
  lighthouseVersion = lhr.lighthouseVersion;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  const blocking = blockingOf(lhr.audits['long-tasks']?.details);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    scriptsBlockingMs: blocking.scripts,
    pageBlockingMs: blocking.page,
  };
}

const { pages, runs } = JSON.parse(process.argv[2] ?? '{}') as {
  pages: Array<{ page: string; url: string }>;
  runs: number;
};
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
mkdirSync(reportsDir, { recursive: true });
try {
  const samples: Record<string, LighthouseSample[]> = {};
  for (const { page, url } of pages) {
    samples[page] = [];
    for (let i = 0; i < runs; i++) {
      const sample = await measure(url, chrome.port, `${page}-${i + 1}`);
      if (sample) samples[page].push(sample);
    }
  }
  const output: LighthouseOutput = {
    samples,
    runner: `Lighthouse ${lighthouseVersion} on Node ${process.version}`,
  };
  process.stdout.write(JSON.stringify(output));
} finally {
  await chrome.kill();
}
