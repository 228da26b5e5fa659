/**
 * One log line per request, at info, when its answer has gone out: the request's id, method,
 * address, status, the time it took and the caller's address (behind a proxy, the one the
 * proxy names: trustProxy in production). Errors, streams cut short and the rest of Fastify's
 * own lines are logged as Fastify logs them.
 *
 * Fastify's default writes two lines per request ("incoming request", "request completed"),
 * each serializing the whole request or reply; at the default level that cost ~70 µs of the
 * server's thread per request, as much again as answering a product page from memory
 * (decision 099).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A signed token in the address (the back-in-stock e-mail's unsubscribe link, decision 168) is
 * a secret like any other (DESIGN.md §8): the logged address keeps the parameter, not its value.
 */
const TOKEN_PARAMETER = /([?&]token=)[^&#]*/gi;
export const loggedUrl = (url: string) => url.replace(TOKEN_PARAMETER, '$1[redacted]');

export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.info(
      {
        method: request.method,
        url: loggedUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
  }
}
