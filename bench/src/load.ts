/** Drives one endpoint with autocannon on loopback and summarises the result. */
import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  /** One or more requests, taken in turn by each connection. */
  requests: Array<{
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
  }>;
  /** Status codes that are a correct answer under load (e.g. 409 when stock runs out). */
  okStatuses?: number[];
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  total: number;
}

export async function runLoad(
  baseUrl: string,
  scenario: Scenario,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const ok = new Set(scenario.okStatuses ?? [200]);
  let unexpected = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    requests: scenario.requests.map((r) => ({
      method: r.method ?? 'GET',
      path: r.path,
      headers: { 'content-type': 'application/json', ...r.headers },
      ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
      onResponse: (status: number) => {
        if (!ok.has(status)) unexpected++;
      },
    })),
  });
  return {
    name: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: (result.latency as unknown as Record<string, number>).p97_5 ?? result.latency.p99,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
    total: result.requests.total,
  };
}

/** Issues each request once, alone, and reads how many SQL statements it cost. */
export async function countStatements(
  baseUrl: string,
  requests: Array<{ name: string; path: string; headers?: Record<string, string> }>,
): Promise<Array<{ name: string; statements: number | null; status: number }>> {
  const rows = [];
  for (const r of requests) {
    const res = await fetch(baseUrl + r.path, { headers: r.headers });
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
