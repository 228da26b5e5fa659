/**
 * The shape of an endpoint declaration (decision 149). An endpoint is declared once, in two
 * halves that meet in `endpoints`:
 *
 * - its route (`routes.ts`): method, path with `:name` placeholders, success status and the error
 *   statuses it may answer. Plain data without zod, so the web app's first load can carry it.
 * - its schemas (`endpoints.ts`): params, query, body and response zod schemas, and the body of an
 *   error status where that is not the API's error shape.
 *
 * The server registers each route from `endpoints`; the web app calls a route from `routes` and
 * takes the types of its input and answer from `endpoints` with a type-only import.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error statuses of DESIGN.md §3 (and 415, 503 where a route has them). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  /** The status of a successful answer; 200 when not given. */
  readonly status?: 200 | 201;
  /**
   * The error statuses of the route's own rules, each listed in the OpenAPI document with its
   * body. The server adds those any route may answer (`errorsOf` in apps/server's
   * lib/api-route.ts: 500 and 503, and for a body 400, 413 and 415).
   */
  readonly errors: readonly ErrorStatus[];
  /** The body is a multipart form (uploads), read by the route rather than by a schema. */
  readonly multipart?: true;
  /** The answer is a file download rather than JSON. */
  readonly file?: true;
}

export interface EndpointSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The JSON body of a successful answer; none for a file download. */
  readonly response?: z.ZodType;
  /** The body of an error status where it is not the API's error shape (`errorResponseSchema`). */
  readonly errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>;
}

export type RouteGroups = Record<string, Record<string, Route>>;

/** The schemas of every route of `R`, and of no other. */
export type SchemasOf<R extends RouteGroups> = {
  readonly [A in keyof R]: { readonly [N in keyof R[A]]: EndpointSchemas };
};

/** A route joined with its schemas. */
export type Endpoint<R extends Route = Route, S extends EndpointSchemas = EndpointSchemas> = R & S;

export type Endpoints<R extends RouteGroups, S extends SchemasOf<R>> = {
  readonly [A in keyof R]: {
    readonly [N in keyof R[A]]: Endpoint<R[A][N], S[A][N & keyof S[A]] & EndpointSchemas>;
  };
};

/** Joins each route with its schemas; a route without schemas, or schemas without a route, do not compile. */
export function defineEndpoints<
  const R extends RouteGroups,
  const S extends SchemasOf<R> & { [A in Exclude<keyof S, keyof R>]: never },
>(routes: R, schemas: S): Endpoints<R, S> {
  const joined: Record<string, Record<string, Endpoint>> = {};
  for (const [area, group] of Object.entries(routes)) {
    const areaSchemas = (schemas as SchemasOf<RouteGroups>)[area] ?? {};
    joined[area] = Object.fromEntries(
      Object.entries(group).map(([name, route]) => [name, { ...route, ...areaSchemas[name] }]),
    );
  }
  return joined as unknown as Endpoints<R, S>;
}

/** Every endpoint of a set of endpoints, as one union. */
export type EndpointUnion<E> = { [A in keyof E]: E[A][keyof E[A]] }[keyof E];

type InputOf<T> = T extends z.ZodType ? z.input<T> : never;

/** What a caller sends: the params, query and body the endpoint declares. */
export type EndpointInput<E> = (E extends { params: z.ZodType }
  ? { params: InputOf<E['params']> }
  : unknown) &
  (E extends { query: z.ZodType } ? { query: InputOf<E['query']> } : unknown) &
  (E extends { body: z.ZodType }
    ? { body: InputOf<E['body']> }
    : E extends { multipart: true }
      ? { body: FormData }
      : unknown);

/** What a successful call answers: the response schema's output, or a file. */
export type EndpointAnswer<E> = E extends { file: true }
  ? Blob
  : E extends { response: z.ZodType }
    ? z.output<E['response']>
    : never;

/** The path of a route with its `:name` placeholders filled in, each value URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value as string | number));
  });
}
