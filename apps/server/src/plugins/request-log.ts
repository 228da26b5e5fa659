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
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
  }
}
