import { afterEach, vi } from 'vitest';

// An error logged during a test is a failure: nothing should log errors silently.
afterEach(() => {
  vi.restoreAllMocks();
});
