import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { toastError } from '../lib/errors';

declare module '@tanstack/react-query' {
  interface Register {
    /** `meta: { errorToast: CART.updateFailed }` toasts a failed mutation with that fallback. */
    mutationMeta: { errorToast?: string };
  }
}

/** Client errors (4xx) will not change on a retry; server and network errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const fallback = mutation.meta?.errorToast;
        if (fallback) toastError(error, fallback);
      },
    }),
  });
}
