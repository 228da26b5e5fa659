import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { baseURL, chromePath, chromiumArgs, dataDir, serverEntry, serverEnv } from './environment';

const ci = Boolean(process.env.CI);

/**
 * Journeys run against the production build (`node apps/server/dist/main.js`, built by the
 * root `npm run test:e2e`) on a throw-away PGlite directory, in Debian's Chromium.
 * Start them with `npm run test:e2e` (or `node e2e/run.mjs`), which picks the port.
 */
export default defineConfig({
  testDir: './tests',
  // The SMTP capture and the mock OpenID provider the server is pointed at (environment.ts).
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  // One worker more than there are cores: every journey spends part of its time waiting on the
  // server, a mail or the app's own timers, which a third browser fills on two cores
  // (docs/decisions/150). No more than three beside the one server, whatever the machine.
  workers: Math.min(3, os.availableParallelism() + 1),
  // Every journey makes its own data, so the tests of one file spread over the workers too.
  fullyParallel: true,
  forbidOnly: ci,
  // One retry in CI shows up as "flaky" in the summary rather than hiding; none locally.
  retries: ci ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromePath, args: chromiumArgs },
    // Recording a trace costs every test a third of its processor time (screencast and DOM
    // snapshots of each step): recorded on a retry only (CI retries once), or asked for with
    // `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node ${JSON.stringify(serverEntry)}`,
    cwd: dataDir,
    env: serverEnv,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // First start migrates and seeds the demo catalog with its generated artwork.
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
