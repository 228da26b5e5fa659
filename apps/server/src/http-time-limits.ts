/**
 * How long the HTTP server waits for a client (decision 128). Without limits a client that
 * sends a request's headers and then nothing (or its body a byte a minute) holds a connection,
 * and what the server keeps for it, for ever; enough of them and nobody else gets in.
 *
 * The values suit a shop behind a load balancer or reverse proxy, whose idle connections to
 * the app are usually closed after 60 s (AWS ALB, nginx): the app must not close one first,
 * or the balancer may send a request down a connection being closed and answer 502.
 */
import type { FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';

export interface HttpTimeLimits {
  /** Whole request, headers and body, from its first byte (or from the connection's opening). */
  requestMs: number;
  /** The request's headers. */
  headersMs: number;
  /** An idle kept-alive connection between two requests. */
  keepAliveMs: number;
  /** A connection on which nothing at all moves, in or out, during a request. */
  idleSocketMs: number;
  /** How often Node checks requests against `requestMs` and `headersMs`. */
  checkEveryMs: number;
}

export const HTTP_TIME_LIMITS: HttpTimeLimits = {
  // Headers and a 1 MiB upload (the body limit) on a mobile link at 10 kB/s.
  requestMs: 120_000,
  // A connection a balancer opened ahead of need stays open longer than the balancer keeps it.
  headersMs: 75_000,
  // Longer than the balancers' 60 s; Fastify's own default.
  keepAliveMs: 72_000,
  // A download the client stopped reading, an upload that stopped: two minutes without a byte.
  // A long export keeps writing and is not affected.
  idleSocketMs: 120_000,
  // Node's default: a silent client is dropped at most this long after its limit.
  checkEveryMs: 30_000,
};

/** The Fastify options that set `limits` on its HTTP server. */
export function httpTimeLimitOptions(limits: HttpTimeLimits) {
  return {
    requestTimeout: limits.requestMs,
    keepAliveTimeout: limits.keepAliveMs,
    connectionTimeout: limits.idleSocketMs,
    http: {
      headersTimeout: limits.headersMs,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
  } satisfies Partial<FastifyHttpOptions<Server>>;
}
