/**
 * Which test files run where (vitest.config.ts, vitest.process.config.ts), read from what each
 * file does, so that a new file lands in the right place by itself:
 * - the process tier: files that start processes (test/server-process.ts, node:child_process),
 *   run by `npm run test:process`;
 * - isolated: files that replace a module (`vi.mock`), or load drizzle-kit (through
 *   scripts/schema-snapshots.ts), which adds enumerable methods to `Array.prototype` that make
 *   pdfjs throw in any later file of the same process: neither may reach the next file, so
 *   they run each in a process of their own;
 * - shared: all others, which run one after another in each worker's process, on the worker's
 *   database (test/helpers.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const TEST_FILE = /\.test\.ts$/;
const STARTS_PROCESSES = /from '(?:\.\/server-process|node:child_process|child_process)'/;
const MOCKS_MODULES = /\bvi\.(?:mock|doMock)\(/;
const LOADS_DRIZZLE_KIT = /from '(?:drizzle-kit[^']*|(?:\.\.\/)+scripts\/schema-snapshots)'/;

function testFiles(): Array<{ file: string; source: string }> {
  return ['src', 'test'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => TEST_FILE.test(name))
      .map((name) => {
        const file = path.posix.join(dir, name.split(path.sep).join('/'));
        return { file, source: readFileSync(path.join(root, file), 'utf8') };
      }),
  );
}

export function testTiers(): { process: string[]; isolated: string[]; shared: string[] } {
  const tiers = { process: [] as string[], isolated: [] as string[], shared: [] as string[] };
  for (const { file, source } of testFiles()) {
    if (STARTS_PROCESSES.test(source)) tiers.process.push(file);
    else if (MOCKS_MODULES.test(source) || LOADS_DRIZZLE_KIT.test(source)) {
      tiers.isolated.push(file);
    } else tiers.shared.push(file);
  }
  return tiers;
}
