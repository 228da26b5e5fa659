/** Lighthouse (mobile, performance only) with Debian's Chromium; the median of several runs. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseRow {
  page: string;
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function runLighthouse(
  pages: Array<{ page: string; url: string }>,
  runs: number,
): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const { page, url } of pages) {
      const samples: Array<Omit<LighthouseRow, 'page'>> = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result?.lhr;
        if (!lhr) continue;
        const blocking = blockingOf(lhr.audits['long-tasks']?.details);
        samples.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
          scriptsBlockingMs: blocking.scripts,
          pageBlockingMs: blocking.page,
        });
      }
      rows.push({
        page,
        score: median(samples.map((s) => s.score)),
        lcpMs: median(samples.map((s) => s.lcpMs)),
        tbtMs: median(samples.map((s) => s.tbtMs)),
        cls: median(samples.map((s) => s.cls)),
        benchmarkIndex: median(samples.map((s) => s.benchmarkIndex)),
        scriptsBlockingMs: median(samples.map((s) => s.scriptsBlockingMs)),
        pageBlockingMs: median(samples.map((s) => s.pageBlockingMs)),
      });
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}
