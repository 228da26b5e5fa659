/** Drives one endpoint with autocannon on loopback and summarises the result. */
import autocannon from 'autocannon';

export interface ScenarioRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** A new path for every request sent (e.g. a query no answer cache holds); `path` first. */
  nextPath?: () => string;
  /** A JSON body, or one per connection (given the connection's number) to spread the load. */
  body?: object | ((connection: number) => object);
  headers?: Record<string, string>;
  /**
   * When any request of a scenario is marked, the latency columns describe the marked
   * requests only, e.g. order placement after the add-to-cart that fills the cart. Latencies
   * are timed here for every answer, from the moment its request is written.
   */
  measure?: boolean;
}

/** The shop's scenarios, by what the budgets call them (budgets.ts). */
export type ScenarioKey =
  | 'listing'
  | 'listingWhileCarts'
  | 'search'
  | 'searchUncached'
  | 'searchUncachedAlone'
  | 'detail'
  | 'dashboard'
  | 'addToCart'
  | 'order';

export interface Scenario {
  /** Which of the shop's scenarios this is; none for the machine's own reference. */
  key?: ScenarioKey;
  name: string;
  /** One or more requests, taken in turn by each connection. */
  requests: ScenarioRequest[];
  /** The connections it runs with, when not the run's (e.g. one, for a single caller's times). */
  connections?: number;
  /** Status codes that are a correct answer under load (e.g. 409 when stock runs out). */
  okStatuses?: number[];
  /**
   * Bearer tokens handed out one per connection (each connection is one signed-in shopper,
   * so carts do not collide); without them requests carry only their own headers.
   */
  connectionTokens?: string[];
}

export interface LoadResult {
  key?: ScenarioKey;
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** Answers outside okStatuses, by status code (what the errors column counts beside timeouts). */
  unexpected: Record<number, number>;
  total: number;
}

/** The piece of an autocannon connection read here: the request it last sent. */
type Connection = { requestIterator: { currentRequest: { measure?: boolean } } };

/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function runLoad(
  baseUrl: string,
  scenario: Scenario,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const ok = new Set(scenario.okStatuses ?? [200]);
  const tokens = scenario.connectionTokens ?? [];
  const measured = scenario.requests.some((r) => r.measure);
  const timings: number[] = [];
  const unexpected: Record<number, number> = {};

  /** The requests of the connection numbered n: its shopper's token, its own bodies. */
  const requestsOf = (n: number) =>
    scenario.requests.map((r) => {
      const body = typeof r.body === 'function' ? r.body(n) : r.body;
      const token = tokens.length > 0 ? tokens[n % tokens.length] : undefined;
      return {
        method: r.method ?? 'GET',
        path: r.path,
        headers: {
          'content-type': 'application/json',
          // As the shop's own pages call it: a browser always offers compression.
          'accept-encoding': BROWSER_ACCEPT_ENCODING,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...r.headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        measure: r.measure ?? false,
        ...(r.nextPath
          ? {
              setupRequest: (request: autocannon.Request) => ({ ...request, path: r.nextPath!() }),
            }
          : {}),
        onResponse: (status: number) => {
          if (!ok.has(status)) unexpected[status] = (unexpected[status] ?? 0) + 1;
        },
      };
    });
  let connectionsMade = 0;
  const settings: autocannon.Options = {
    url: baseUrl,
    connections: scenario.connections ?? options.connections,
    duration: options.seconds,
    requests: requestsOf(0),
    // Each connection is its own shopper with its own cart (see connectionTokens).
    setupClient: (client) => client.setRequests(requestsOf(connectionsMade++)),
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(settings, (error, done) => (error ? reject(error) : resolve(done)));
    // With pipelining 1 the request a connection last sent is the one just answered.
    instance.on('response', (client: unknown, _status: number, _bytes: number, ms: number) => {
      if (!measured || (client as Connection).requestIterator.currentRequest.measure) {
        timings.push(ms);
      }
    });
  });
  const own = [...timings].sort((a, b) => a - b);
  return {
    key: scenario.key,
    name: scenario.name,
    requestsPerSecond: measured
      ? Math.round(own.length / options.seconds)
      : Math.round(result.requests.average),
    p50: round(percentile(own, 50)),
    p95: round(percentile(own, 95)),
    p99: round(percentile(own, 99)),
    errors: result.errors + result.timeouts + Object.values(unexpected).reduce((a, b) => a + b, 0),
    unexpected,
    total: measured ? own.length : result.requests.total,
  };
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Issues each request once, alone, and reads how many SQL statements it cost. */
export async function countStatements(
  baseUrl: string,
  requests: Array<{ name: string } & Omit<ScenarioRequest, 'body'> & { body?: object }>,
): Promise<Array<{ name: string; statements: number | null; status: number }>> {
  const rows = [];
  for (const r of requests) {
    const res = await fetch(baseUrl + r.path, {
      method: r.method ?? 'GET',
      headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers },
      ...(r.body ? { body: JSON.stringify(r.body) } : {}),
    });
    await res.arrayBuffer();
    const header = res.headers.get('x-sql-statements');
    rows.push({
      name: r.name,
      statements: header === null ? null : Number(header),
      status: res.status,
    });
  }
  return rows;
}
