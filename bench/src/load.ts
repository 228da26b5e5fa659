/** Drives one endpoint with autocannon on loopback and summarises the result. */
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { RawConnection, requestBytes } from './raw-http';

export interface ScenarioRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** A new path for each request sent (e.g. a query no answer cache holds), in place of `path`. */
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
  /** The timed requests answered a second (all of them unless some are marked `measure`). */
  requestsPerSecond: number;
  /** Every request sent a second, timed or not: what a steady run's rate is a share of. */
  sentPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** Answers outside okStatuses, by status code (what the errors column counts beside timeouts). */
  unexpected: Record<number, number>;
  total: number;
  /** The same scenario at a steady share of this rate (runPaced), where a budget reads latency. */
  steady?: LoadResult;
}

/** The piece of an autocannon connection read here: the request it last sent. */
type Connection = { requestIterator: { currentRequest: { measure?: boolean } } };

/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A request as one connection sends it: its shopper's token and its own body filled in. */
interface ConnectionRequest {
  method: NonNullable<ScenarioRequest['method']>;
  path: string;
  nextPath?: () => string;
  headers: Record<string, string>;
  body?: string;
  measure: boolean;
}

/** The requests of the connection numbered n, in the order it sends them. */
function connectionRequests(scenario: Scenario, n: number): ConnectionRequest[] {
  const tokens = scenario.connectionTokens ?? [];
  return scenario.requests.map((r) => {
    const body = typeof r.body === 'function' ? r.body(n) : r.body;
    const token = tokens.length > 0 ? tokens[n % tokens.length] : undefined;
    return {
      method: r.method ?? 'GET',
      path: r.path,
      ...(r.nextPath ? { nextPath: r.nextPath } : {}),
      headers: {
        'content-type': 'application/json',
        // As the shop's own pages call it: a browser always offers compression.
        'accept-encoding': BROWSER_ACCEPT_ENCODING,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...r.headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      measure: r.measure ?? false,
    };
  });
}

/** What both runners count: the timed answers' latencies and the answers outside okStatuses. */
class Tally {
  readonly timings: number[] = [];
  readonly unexpected: Record<number, number> = {};
  readonly #ok: Set<number>;
  /** Whether only the requests marked `measure` are timed. */
  readonly marked: boolean;

  constructor(scenario: Scenario) {
    this.#ok = new Set(scenario.okStatuses ?? [200]);
    this.marked = scenario.requests.some((r) => r.measure);
  }

  status(status: number) {
    if (!this.#ok.has(status)) this.unexpected[status] = (this.unexpected[status] ?? 0) + 1;
  }

  time(ms: number, measure: boolean) {
    if (!this.marked || measure) this.timings.push(ms);
  }

  result(
    scenario: Scenario,
    seconds: number,
    all: { perSecond: number; total: number; failed: number },
  ): LoadResult {
    const own = [...this.timings].sort((a, b) => a - b);
    return {
      key: scenario.key,
      name: scenario.name,
      requestsPerSecond: this.marked ? Math.round(own.length / seconds) : all.perSecond,
      sentPerSecond: all.perSecond,
      p50: round(percentile(own, 50)),
      p95: round(percentile(own, 95)),
      p99: round(percentile(own, 99)),
      errors: all.failed + Object.values(this.unexpected).reduce((a, b) => a + b, 0),
      unexpected: this.unexpected,
      total: this.marked ? own.length : all.total,
    };
  }
}

/** As many requests as the server answers: each connection sends its next one on each answer. */
export async function runLoad(
  baseUrl: string,
  scenario: Scenario,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const tally = new Tally(scenario);
  const requestsOf = (n: number) =>
    connectionRequests(scenario, n).map(({ nextPath, ...r }) => ({
      ...r,
      ...(nextPath
        ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }) }
        : {}),
      onResponse: (status: number) => tally.status(status),
    }));
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
      tally.time(ms, (client as Connection).requestIterator.currentRequest.measure ?? false);
    });
  });
  return tally.result(scenario, options.seconds, {
    perSecond: Math.round(result.requests.average),
    total: result.requests.total,
    failed: result.errors + result.timeouts,
  });
}

/**
 * The scenario at a steady rate below what the server can answer, as shoppers who pause
 * between clicks: each connection sends its next request at its own turn (its turns `rate /
 * connections` a second apart, the connections' turns spread evenly), waits when early and
 * sends at once when late. When the answer before it came after a request's turn, its latency
 * is timed from the turn, so the wait that answer caused counts too (no coordinated omission);
 * otherwise from when it left, so a timer of this process firing late (its own garbage
 * collection, a busy event loop) is not put on the server.
 * autocannon's own rate limit sends each connection's share of a second back to back at the
 * second's start, a burst at full load, so it cannot measure this.
 * The first `warmUpSeconds` are sent at the same pace but not timed or counted (an unexpected
 * answer still is): the run follows one at full load, and its first moments measure the change
 * of load (fifty new connections, the answers still owed to the run before), not the steady
 * rate (docs/decisions/174). A late answer from the warm-up still makes the first timed turns
 * late, and they are timed from their turns.
 */
export async function runPaced(
  baseUrl: string,
  scenario: Scenario,
  options: { connections: number; seconds: number; rate: number; warmUpSeconds?: number },
): Promise<LoadResult> {
  const tally = new Tally(scenario);
  const period = (options.connections * 1000) / options.rate;
  const start = performance.now();
  const timedFrom = start + (options.warmUpSeconds ?? 0) * 1000;
  const end = timedFrom + options.seconds * 1000;
  let sent = 0;
  let failed = 0;
  const url = new URL(baseUrl);
  const connection = async (n: number) => {
    const client = await RawConnection.open(url);
    const requests = connectionRequests(scenario, n).map(({ nextPath, ...r }) => {
      const bytes = (path: string) => requestBytes(url, r.method, path, r.headers, r.body);
      // A request without a new path each time is written out once.
      const fixed = bytes(r.path);
      return { measure: r.measure, next: nextPath ? () => bytes(nextPath()) : () => fixed };
    });
    try {
      let answered = 0;
      for (let turn = start + (n * period) / options.connections, i = 0; turn < end; i++) {
        const request = requests[i % requests.length]!;
        const bytes = request.next();
        const early = turn - performance.now();
        if (early > 0) await sleep(early);
        const from = answered > turn ? turn : performance.now();
        const timed = turn >= timedFrom;
        if (timed) sent++;
        try {
          const status = await client.send(bytes);
          answered = performance.now();
          tally.status(status);
          if (timed) tally.time(answered - from, request.measure);
        } catch {
          answered = performance.now();
          failed++;
        }
        turn += period;
      }
    } finally {
      client.close();
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, n) => connection(n)));
  return tally.result(scenario, options.seconds, {
    perSecond: Math.round(sent / options.seconds),
    total: sent,
    failed,
  });
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
