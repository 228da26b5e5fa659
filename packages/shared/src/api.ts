/** The JSON shapes every API response shares (DESIGN.md §3). */
import { z } from './zod';

export const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'CONCURRENT_MODIFICATION',
  'OUT_OF_STOCK',
  'GENERAL_ERROR',
  'TOO_LARGE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(errorCodes).optional(),
  field: z.string().optional(),
  /** A 429's wait, in seconds (also in its Retry-After header). */
  retryAfterSeconds: z.number().int().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const healthResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latencyMs: z.number().optional(),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The development outbox (GET /api/dev/outbox, never in production): the mail kept, newest first. */
export const outboxResponseSchema = z.object({
  success: z.literal(true),
  smtp: z.boolean(),
  messages: z.array(
    z.object({
      id: z.string(),
      from: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      sentAt: z.string(),
    }),
  ),
});
