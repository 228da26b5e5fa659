import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import type * as ClassNames from '../lib/cn';
import { takeStubMismatches } from './api-stub';

// Every list of classes a component joins must set each property once: the unit tests fail on
// one that does not (test/class-conflicts.ts says why).
vi.mock('../lib/cn', async (importOriginal) => {
  const { cn } = await importOriginal<typeof ClassNames>();
  const { overriddenClasses } = await import('./class-conflicts');
  return {
    cn(...classes: Parameters<typeof cn>): string {
      const joined = cn(...classes);
      const overridden = overriddenClasses(joined);
      if (overridden.length > 0) {
        throw new Error(
          `Classes set twice in "${joined}": ${overridden.join(', ')} ` +
            'would not reliably give way to the later class; give the component a prop instead.',
        );
      }
      return joined;
    },
  };
});

// A console.error fails the test that caused it: React reports hydration mismatches, act()
// warnings and bad props through it, and the app reports what it could not do. A test that
// means to cause one replaces console.error with a spy of its own and asserts on it.
// Registered first, so that it runs after the other hooks (and sees what unmounting said).
// This file runs again for each test file in a worker that keeps its page (vitest.config.ts):
// wrap the original console.error, not the wrapper the file before left.
const consoleErrors: string[] = [];
type WrappedError = typeof console.error & { original?: typeof console.error };
const writeError = (console.error as WrappedError).original ?? console.error.bind(console);
console.error = Object.assign(
  (...args: unknown[]) => {
    consoleErrors.push(format(...args));
    writeError(...args);
  },
  { original: writeError },
);

afterEach(() => {
  const problems = [
    ...takeStubMismatches(),
    ...consoleErrors.splice(0).map((message) => `console.error: ${message}`),
  ];
  if (problems.length > 0) throw new Error(problems.join('\n\n'));
});

// jsdom has no layout, and reports its unimplemented scrollTo through console.error; the app
// scrolls to the top on a new screen (the router's scroll restoration). Nothing to scroll here.
window.scrollTo = () => {};
// Nor does it implement scrollIntoView (the shop's category pills bring a focused one into view).
Element.prototype.scrollIntoView = () => {};

// Nor the observers and media queries every browser the shop supports has: the home carousels
// (Embla) and the price slider (Radix) measure themselves with them, and a screen that shows a
// carousel only once its chunk arrives would fail or pass with the machine's speed without them.
// Nothing is ever observed or matched here; a test that needs a media query to match stubs
// matchMedia itself (vi.stubGlobal, undone after each test).
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
window.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Lazily loaded screens can take more than the default second to appear on a busy CI machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  // Sonner keeps its toasts in one store for the whole file and shows a new Toaster every toast
  // still open, which only a mounted Toaster's timer closes: without this, a test would find
  // the toasts of the tests before it, once or twice depending on the machine's speed.
  const { toast } = await import('sonner');
  toast.dismiss();
});

// A toast that was closing as a file's last test ended removes itself 200 ms later (sonner's
// exit timer, which unmounting does not cancel); were the page's window gone by then, React
// would throw "window is not defined" outside any test. Let it run out first.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 250)));

// The app fetches the toast library with its first toast (lib/toast.ts). Importing it here
// once means that first toast does not wait for the library to be transformed on a busy
// machine, which would eat into tests that time what follows a toast.
await import('sonner');
