import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazily loaded screens can take more than the default second to appear on a busy CI machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

// The app fetches the toast library with its first toast (lib/toast.ts). Importing it here
// once means that first toast does not wait for the library to be transformed on a busy
// machine, which would eat into tests that time what follows a toast.
await import('sonner');
