/**
 * Registers an API route from its declaration in @otaku/shared (decision 149): method, path,
 * params, query and body schemas, the success answer's schema and the body of every error
 * status it declares, plus those any route may answer (`errorsOf`). The route adds only
 * what is its own: who may call it (`config.access`), its OpenAPI tags, hooks and its handler.
 */
import { errorBodyOf, type Endpoint } from '@otaku/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { Access } from '../plugins/auth';

type Output<T> = T extends z.ZodType ? z.output<T> : unknown;

/** The request of an endpoint's route, with its params, query and body as parsed. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: E extends { params: infer P } ? Output<P> : unknown;
  Querystring: E extends { query: infer Q } ? Output<Q> : unknown;
  Body: E extends { body: infer B } ? Output<B> : unknown;
}>;

/** What a handler returns: the success answer (as the response schema takes it) or the reply it sent. */
type HandlerResult<E extends Endpoint> =
  | (E extends { response: infer R } ? (R extends z.ZodType ? z.input<R> : never) : never)
  | FastifyReply;

export interface ApiRouteOptions extends Omit<RouteShorthandOptions, 'schema' | 'config'> {
  config: { access: Access } & NonNullable<RouteShorthandOptions['config']>;
  /** OpenAPI-only details; the request and response schemas come from the declaration. */
  schema?: Pick<FastifySchema, 'tags' | 'summary' | 'description' | 'security'>;
}

/**
 * The errors a route may answer besides those it declares: for a body (any route but a GET
 * reads one) 400 when it is not JSON, 413 when it is too large and 415 for another type; 500
 * (a fault of ours) and 503 with Retry-After (the database or another service cannot be
 * reached: plugins/errors.ts).
 */
export function errorsOf(endpoint: Pick<Endpoint, 'method' | 'errors'>): number[] {
  const errors = [...endpoint.errors, 500, 503];
  if (endpoint.method !== 'GET') errors.unshift(400, 413, 415);
  return [...new Set(errors)].sort((a, b) => a - b);
}

/** The response schemas of an endpoint: success and every error (`errorsOf`). */
export function responseSchemas(endpoint: Endpoint): Record<number, z.ZodType> {
  const responses: Record<number, z.ZodType> = {};
  if (endpoint.response) responses[endpoint.status ?? 200] = endpoint.response;
  for (const status of errorsOf(endpoint)) responses[status] = errorBodyOf(endpoint, status);
  return responses;
}

/**
 * Every status the route may answer: its success (a file download's too), its errors, those of
 * any route, and for a GET the empty 304 of a conditional request (plugins/http-caching.ts).
 */
export function declaredStatuses(endpoint: Endpoint): number[] {
  return [
    endpoint.status ?? 200,
    ...(endpoint.method === 'GET' ? [304] : []),
    ...errorsOf(endpoint),
  ];
}

export function addRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: ApiRouteOptions,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<HandlerResult<E>>,
): void {
  app.route({
    ...options,
    config: { ...options.config, statuses: declaredStatuses(endpoint) },
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...options.schema,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: responseSchemas(endpoint),
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
