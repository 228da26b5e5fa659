import { defineConfig } from 'vitest/config';
import { testTiers } from './test/tiers';

/**
 * The process tier (`npm run test:process`): tests that start the server or the admin command
 * as processes of their own (signals, crashes, several instances, the built files), each file
 * in a process of its own, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: `${engine}:process`,
        env: { TEST_DB_ENGINE: engine },
        include: testTiers().process,
        globalSetup: ['test/global-setup.ts'],
        setupFiles: ['test/setup.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
        pool: 'forks' as const,
      },
    })),
  },
});
