import { defineConfig } from 'vitest/config';

/**
 * API tests run once on PGlite and, when TEST_DATABASE_URL names a PostgreSQL server, once
 * more on PostgreSQL. Each test file gets a fresh database cloned from a migrated template.
 */
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: engine,
        env: { TEST_DB_ENGINE: engine },
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        globalSetup: ['test/global-setup.ts'],
        setupFiles: ['test/setup.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
        pool: 'forks',
      },
    })),
  },
});
