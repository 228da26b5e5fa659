/**
 * The one stand-in for the shop API in web tests: each handler answers one endpoint
 * ("METHOD /api/path", `:name` for a path parameter), every call is recorded with its parsed
 * JSON body, and every answer a handler gives is checked against the response schema of the
 * endpoint's declaration (`endpoints` of @otaku/shared, which the server registers): a stub
 * cannot answer what the server never would. A body that does not match fails the test that stubbed it, naming the endpoint
 * and the schema's complaint. Error answers (4xx, 5xx) must have the API's error shape.
 */
import { endpoints, errorResponseSchema, type Endpoint } from '@otaku/shared';
import { vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from './factories';

interface EndpointSchemas {
  /** The body of a successful answer (2xx). */
  ok: z.ZodType;
  /** The body of an error answer by status, where it is not the API's error shape. */
  errors?: Partial<Record<number, z.ZodType>>;
}

/**
 * Every endpoint a test may stub, with the schemas the server registers it with: its
 * declaration in @otaku/shared (`endpoints`). The JSON calls only; a file download is not stubbed.
 */
export const ENDPOINTS: Record<string, EndpointSchemas> = Object.fromEntries(
  Object.values(endpoints).flatMap((area) =>
    Object.values(area as Record<string, Endpoint>)
      .filter((endpoint) => endpoint.response)
      .map((endpoint) => [
        `${endpoint.method} /api${endpoint.path}`,
        { ok: endpoint.response!, errors: endpoint.errorBodies },
      ]),
  ),
);

export interface RecordedCall {
  method: string;
  /** The path as called, e.g. /api/product/COM-1. */
  path: string;
  search: string;
  /** The endpoint it matched, e.g. GET /api/product/:productID (or "METHOD path" when none). */
  endpoint: string;
  /** The parsed JSON body, if any. */
  body: unknown;
  init: RequestInit;
}

export type ApiHandler = (call: RecordedCall) => Response | Promise<Response>;

/** How many path parameters an endpoint has: GET /api/product/:productID has one. */
const parameters = (key: string) => key.split('/').filter((part) => part.startsWith(':')).length;

/**
 * The endpoint of ENDPOINTS this call is one of, if any; the one with the fewest path parameters
 * when several fit, as the server's router does (GET /api/product/lowStock is not a product id).
 */
function endpointOf(method: string, path: string): string | undefined {
  const parts = path.split('/');
  const fits = Object.keys(ENDPOINTS).filter((key) => {
    const [keyMethod, keyPath] = key.split(' ') as [string, string];
    const keyParts = keyPath.split('/');
    return (
      keyMethod === method &&
      keyParts.length === parts.length &&
      keyParts.every((part, i) => part.startsWith(':') || part === parts[i])
    );
  });
  return fits.sort((a, b) => parameters(a) - parameters(b))[0];
}

/** Answers that are not the shop server's (see notFromTheServer): not checked. */
const unchecked = new WeakSet<Response>();

/**
 * An answer the shop's server never gives but something between it and the browser may (a
 * proxy's error page, a body cut short), for a test of how the app copes: not checked against
 * the endpoint's schema. `why` says what sends it, for the reader.
 */
export function notFromTheServer(response: Response, why: string): Response {
  void why;
  unchecked.add(response);
  return response;
}

/** Answers that did not match their schema, for the test setup to fail the test that ran. */
const mismatches: string[] = [];

/** The mismatches since the last call, forgotten (test/setup.ts fails a test that had any). */
export function takeStubMismatches(): string[] {
  return mismatches.splice(0);
}

/** Checks an answer against its endpoint's schema; throws (and records) a readable error. */
async function checked(endpoint: string, response: Response): Promise<Response> {
  if (unchecked.has(response)) return response;
  const schemas = ENDPOINTS[endpoint]!;
  const { status } = response;
  const schema = status < 400 ? schemas.ok : (schemas.errors?.[status] ?? errorResponseSchema);
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const result = schema.safeParse(body);
  if (result.success) return response;
  const problem =
    `The stub of ${endpoint} answered ${status} with a body the server never sends:\n` +
    `${z.prettifyError(result.error)}\nbody: ${text.slice(0, 500)}`;
  mismatches.push(problem);
  throw new Error(problem);
}

export interface StubApiOptions {
  /** Answers a call no handler is for; a 500 "No handler for …" when not given. */
  otherwise?: (call: RecordedCall) => Response | Promise<Response>;
}

/**
 * Replaces fetch: each call is answered by the handler of its endpoint, and recorded. Every
 * handler must be for an endpoint of ENDPOINTS.
 */
export function stubApi(handlers: Record<string, ApiHandler>, options: StubApiOptions = {}) {
  for (const key of Object.keys(handlers)) {
    if (!ENDPOINTS[key]) {
      throw new Error(
        `No response schema for ${key}: stub a call declared in @otaku/shared (routes.ts, endpoints.ts), as "METHOD /api/path".`,
      );
    }
  }
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const endpoint = endpointOf(method, url.pathname) ?? `${method} ${url.pathname}`;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      search: url.search,
      endpoint,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      init,
    };
    calls.push(call);
    const handler = handlers[endpoint];
    if (handler) return checked(endpoint, await handler(call));
    const answer = options.otherwise
      ? await options.otherwise(call)
      : jsonResponse({ success: false, message: `No handler for ${endpoint}` }, 500);
    return ENDPOINTS[endpoint] ? checked(endpoint, answer) : answer;
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    fetch,
    /** The calls of one endpoint, by its key in the handlers (or "METHOD /path" as called). */
    of: (key: string) => calls.filter((c) => c.endpoint === key || `${c.method} ${c.path}` === key),
  };
}
