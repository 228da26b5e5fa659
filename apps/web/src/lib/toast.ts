/**
 * Toasts, with the toast library (sonner) fetched the first time a message is shown: no page
 * pays for it on first load (docs/decisions/080-web-bundle-budget.md). The calls are sonner's:
 * `toast.success(message, options)`, `toast.error`, `toast.warning`, `toast.dismiss`.
 */
import type * as Sonner from 'sonner';
import type { ExternalToast } from 'sonner';

type ToastLibrary = typeof Sonner;

let library: Promise<ToastLibrary> | undefined;
const waiting = new Set<() => void>();

/** The toast library, requested once; the outlet waiting for the first toast is told. */
export function loadToastLibrary(): Promise<ToastLibrary> {
  if (!library) {
    library = import('sonner');
    for (const wake of waiting) wake();
    waiting.clear();
  }
  return library;
}

/** Calls `then` once a toast has been asked for (at once if one already was); returns an unsubscribe. */
export function onFirstToast(then: () => void): () => void {
  if (library) {
    then();
    return () => undefined;
  }
  waiting.add(then);
  return () => {
    waiting.delete(then);
  };
}

const show =
  (kind: 'success' | 'error' | 'warning') =>
  (message: string, options?: ExternalToast): void => {
    void loadToastLibrary().then((sonner) => sonner.toast[kind](message, options));
  };

export const toast = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  /** Closes one toast, or every toast; before the first toast there is nothing to close. */
  dismiss: (id?: string | number): void => {
    void library?.then((sonner) => sonner.toast.dismiss(id));
  },
};
