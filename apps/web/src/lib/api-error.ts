/** The error every failed API call throws: the status plus the server's JSON error shape. */
import type { ErrorCode } from '@otaku/shared';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | undefined,
    /** The parsed response body (the server's `{ success: false, message, code?, field? }`). */
    readonly body: unknown,
    readonly field?: string,
  ) {
    super(message);
  }

  /** The message the server wrote, when it sent one. */
  get serverMessage(): string | undefined {
    const message = (this.body as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message.length > 0 ? message : undefined;
  }
}
