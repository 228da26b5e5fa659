/**
 * The one place the web app turns an error into words: the server's message when it sent one,
 * otherwise the fallback the spec names for that action (spec §8: "server message preferred").
 */
import { toast } from './toast';
import { ApiError } from './api-client';

/** Seconds the server said to wait (a 429's `retryAfterSeconds`); 0 when it said none. */
export function retryAfterSeconds(error: unknown): number {
  const body = error instanceof ApiError && (error.body as { retryAfterSeconds?: unknown } | null);
  return body && typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : 0;
}

export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** Shows an error toast for a failed action. */
export function toastError(error: unknown, fallback: string): void {
  toast.error(errorMessage(error, fallback));
}
