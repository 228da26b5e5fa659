/**
 * The one HTTP client of the web app (DESIGN.md §3, spec §7-§8): every call goes to /api with
 * credentials, the bearer token of the session and JSON in and out. Failures become an ApiError
 * carrying the server's JSON error shape. A 401 refreshes the session once and retries; when
 * that fails the session is wiped and the visitor is sent to /login. A 403 to a member of staff
 * reads the session again, since their role may have changed.
 */
import {
  fillPath,
  isStaff,
  routes,
  SERVER,
  type ApiRoute,
  type EndpointAnswer,
  type EndpointByKey,
  type EndpointInput,
  type ErrorCode,
  type RouteKey,
} from '@otaku/shared';
import { ApiError } from './api-error';
import { isAuthPage, paths } from './paths';
import { clearSession, getSession, isSessionUser, setAuthToken, setSession } from './session';
import { noteServerDate } from './server-clock';

export { ApiError };

export const API_BASE = '/api';
export const REFRESH_PATH = routes.auth.refresh.path;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** A plain value is sent as JSON; FormData (uploads) is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'blob' for file downloads (exports). */
  responseType?: 'json' | 'blob';
  /** false for calls whose 401 means "wrong credentials" rather than "session expired". */
  handleUnauthorized?: boolean;
}

let onSessionExpired: () => void = () => window.location.assign(paths.login);

/** Lets the app send an expired session to /login through its router instead of a reload. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

export function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const { token } = getSession();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('Content-Type', 'application/json');
  }
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  }).then((response) => {
    // The server's clock, for counting down to a drop (server-clock.ts).
    noteServerDate(response.headers.get('Date'));
    return response;
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  const shape = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const message = typeof shape.message === 'string' ? shape.message : SERVER.internal;
  const code = typeof shape.code === 'string' ? (shape.code as ErrorCode) : undefined;
  const field = typeof shape.field === 'string' ? shape.field : undefined;
  return new ApiError(response.status, message, code, body, field);
}

async function read<T>(response: Response, options: RequestOptions): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  if (options.responseType === 'blob') return (await response.blob()) as T;
  return (await readBody(response)) as T;
}

let refreshing: Promise<boolean> | null = null;

async function refreshOnce(): Promise<boolean> {
  try {
    const response = await fetch(`${API_BASE}${REFRESH_PATH}`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return false;
    const body = (await readBody(response)) as {
      success?: unknown;
      token?: unknown;
      user?: unknown;
    };
    if (body?.success !== true || typeof body.token !== 'string' || !body.token) return false;
    if (isSessionUser(body.user)) setSession(body.user, body.token);
    else setAuthToken(body.token);
    return true;
  } catch {
    return false;
  }
}

/**
 * Concurrent 401s share one refresh call: the refresh token rotates and is single-use. Exported
 * so the start-up session check renews through the same single call.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= refreshOnce().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Sends one API call; see the module comment for the 401 rules. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const handle401 =
    response.status === 401 &&
    options.handleUnauthorized !== false &&
    path !== REFRESH_PATH &&
    !isAuthPage(window.location.pathname);
  if (response.status === 403 && isStaff(getSession().user?.role)) {
    // Staff refused: perhaps no longer staff. The session is read again, so that a demoted
    // member of staff leaves the dashboard at once (its guard sends them home).
    await refreshSession();
  }
  if (!handle401) return read<T>(response, options);

  if (await refreshSession()) {
    const retried = await send(path, options);
    if (retried.status !== 401) return read<T>(retried, options);
  }
  const error = await toApiError(response);
  clearSession();
  onSessionExpired();
  throw error;
}

/** The declaration of a route (`routes` of @otaku/shared), with its schemas' types. */
type EndpointOf<R extends ApiRoute> = EndpointByKey[RouteKey<R>];

/** A call's params, query and body as its declaration types them, and the client's own options. */
export type CallOptions<R extends ApiRoute> = EndpointInput<EndpointOf<R>> &
  Pick<RequestOptions, 'headers' | 'signal' | 'handleUnauthorized'>;

type CallArgs<R extends ApiRoute> =
  object extends EndpointInput<EndpointOf<R>>
    ? [options?: CallOptions<R>]
    : [options: CallOptions<R>];

/**
 * Calls a declared route: `call(routes.cart.reserveStock, { body })`. The path's `:name`
 * placeholders are filled from `params`, and the answer is typed by the route's response
 * schema (a Blob for a file download). Answers are not parsed again here (decision 080).
 */
export function call<const R extends ApiRoute>(
  route: R,
  ...[options]: CallArgs<R>
): Promise<EndpointAnswer<EndpointOf<R>>> {
  const { params, query, body, ...rest } = (options ?? {}) as unknown as {
    params?: Record<string, unknown>;
    query?: QueryParams;
    body?: unknown;
  } & Pick<RequestOptions, 'headers' | 'signal' | 'handleUnauthorized'>;
  return apiRequest(fillPath(route.path, params), {
    ...rest,
    method: route.method,
    query,
    body,
    ...('file' in route ? { responseType: 'blob' as const } : {}),
  });
}
