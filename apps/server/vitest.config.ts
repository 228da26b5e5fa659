import { defineConfig } from 'vitest/config';
import { testTiers } from './test/tiers';

/**
 * API tests run once on PGlite and, when TEST_DATABASE_URL names a PostgreSQL server, once
 * more on PostgreSQL. Each worker clones the migrated template once and resets it between files
 * (test/helpers.ts); the files of one worker run in its one process, one after another, except
 * those that replace a module, which get a process each. Files that start processes are the
 * process tier's (vitest.process.config.ts, `npm run test:process`).
 */
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const tiers = testTiers();

export default defineConfig({
  test: {
    projects: engines.flatMap((engine) =>
      [
        { name: engine, include: tiers.shared, isolate: false },
        { name: `${engine}:isolated`, include: tiers.isolated, isolate: true },
      ]
        .filter(({ include }) => include.length > 0)
        .map(({ name, include, isolate }) => ({
          extends: true,
          test: {
            name,
            env: { TEST_DB_ENGINE: engine },
            include,
            globalSetup: ['test/global-setup.ts'],
            setupFiles: ['test/setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            pool: 'forks' as const,
            // Vitest leaves a core to itself by default: one worker on two cores, which left a
            // core idle through the end of `npm test`'s unit step (docs/decisions/151).
            maxWorkers: 2,
            // Read per project: a shared project's files run one after another in each worker's
            // process; an isolated project's files each get a process of their own.
            isolate,
          },
        })),
    ),
  },
});
