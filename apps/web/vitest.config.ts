import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // A file's page lives in a worker thread: cheaper to start than a process.
    pool: 'threads',
    // Files that run in one worker share its modules and its page (jsdom) instead of building
    // both again for each file: about a third of the processor time (docs/decisions/151). So a
    // test may not count on state a module keeps from the moment it loaded; src/test/setup.ts
    // cleans up what the app keeps between tests (the page, storage, history, toasts).
    isolate: false,
    // Vitest leaves a core to itself by default, which is one worker on two cores.
    maxWorkers: 2,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
