import type { ErrorCode } from '@otaku/shared';
import { SERVER } from '@otaku/shared';

/**
 * The one error type of the server. Services throw it; the error handler turns it into the
 * JSON error shape `{ success: false, message, code?, field? }` with its status.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
    readonly field?: string,
    /** Extra fields some callers read, e.g. `stock` on a failed reservation. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, message, 'VALIDATION', field);
export const unauthenticated = (message: string = SERVER.unauthenticated) =>
  new AppError(401, message, 'UNAUTHENTICATED');
export const forbidden = (message: string = SERVER.forbidden) =>
  new AppError(403, message, 'FORBIDDEN');
export const notFound = (message: string = SERVER.notFound) =>
  new AppError(404, message, 'NOT_FOUND');
export const conflict = (
  message: string,
  code: ErrorCode = 'CONFLICT',
  extra?: Record<string, unknown>,
) => new AppError(409, message, code, undefined, extra);
export const tooManyRequests = (message: string = SERVER.rateLimited) =>
  new AppError(429, message, 'RATE_LIMITED');
