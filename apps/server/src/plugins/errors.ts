import { describeIssue, SERVER } from '@otaku/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/errors';
import { isDatabaseUnavailable, sqlState } from '../lib/db-errors';

/**
 * The one error handler: maps every error to the JSON error shape. 5xx details are logged
 * with the request, never sent: no stack traces or SQL reach a client.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = error.extra?.retryAfterSeconds;
      if (error.status === 429 && typeof retryAfter === 'number')
        reply.header('retry-after', String(retryAfter));
      // A service the shop needs is unavailable (the picture store): its cause is for the log.
      if (error.status >= 500) {
        request.log.error({ err: error }, error.message);
        if (error.status === 503) reply.header('retry-after', '5');
      }
      return reply.status(error.status).send({
        success: false,
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.field ? { field: error.field } : {}),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const segments = first.instancePath.split('/').filter(Boolean);
      return reply.status(400).send({
        success: false,
        message: describeIssue(segments, first.message ?? 'is not valid'),
        code: 'VALIDATION',
        field: segments.join('.') || undefined,
      });
    }
    if (error instanceof ZodError) {
      const first = error.issues[0]!;
      return reply.status(400).send({
        success: false,
        message: describeIssue(first.path, first.message),
        code: 'VALIDATION',
        field: first.path.map(String).join('.') || undefined,
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ success: false, message: SERVER.databaseUnavailable, code: 'UNAVAILABLE' });
    }
    // Data exceptions (class 22: a value the column cannot hold, a NUL byte, a malformed
    // uuid) come from input a route let through; they are the caller's error, not ours.
    const state = sqlState(error);
    if (state?.startsWith('22')) {
      request.log.warn({ err: error }, 'database rejected a value');
      return reply.status(400).send({
        success: false,
        message: 'The request contains a value that is not valid.',
        code: 'VALIDATION',
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .status(413)
        .send({ success: false, message: SERVER.tooLarge, code: 'TOO_LARGE' });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ success: false, message: SERVER.rateLimited, code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type) carry safe messages.
      return reply
        .status(status)
        .send({ success: false, message: error.message, code: 'VALIDATION' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: SERVER.internal, code: 'INTERNAL' });
  });
});
