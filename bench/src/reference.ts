/**
 * What this machine itself allows, measured with the same tools as the shop: the numbers a
 * reader needs to tell a slow shop from a slow machine. The budgets were set on one machine;
 * the shop's rows follow these from one machine to the next (bench/README.md).
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '../../apps/server/src/config';
import { runLoad, type LoadResult } from './load';

export interface PostgresReference {
  /** The connections it went through: as many as the shop's pool. */
  connections: number;
  /** `select 1` answered a second through them, as many callers at once as the load has. */
  reads: number;
  /** One-row inserts committed a second (each commit waits for the disk, as a shop's). */
  commits: number;
}

/**
 * A Node HTTP server that does nothing but answer, in its own process as the shop runs,
 * driven by the same load as the shop's endpoints: how many requests a second any endpoint
 * could answer here, and the tail the load generator alone adds.
 */
const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ ok: true });
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

export async function bareHttpCeiling(
  when: string,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the bare server exited with code ${code}`)));
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    });
    return await runLoad(
      `http://127.0.0.1:${port}`,
      { name: `bare Node HTTP server, ${when}`, requests: [{ path: '/' }] },
      options,
    );
  } finally {
    child.kill('SIGKILL');
  }
}

/**
 * PostgreSQL's round trip and commit rate from here, through a pool as large as the shop's
 * (DATABASE_POOL_SIZE, which the server started by the bench reads too, or its default), with
 * as many callers as the load has connections. Writes go to a table made for the purpose in
 * the given (throw-away) database and dropped again.
 */
export async function postgresReference(
  databaseUrl: string,
  options: { connections: number; seconds: number },
): Promise<PostgresReference> {
  const connections = Number(process.env.DATABASE_POOL_SIZE) || DEFAULT_POOL_SIZE;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const rate = async (statement: string) => {
    const until = Date.now() + options.seconds * 1000;
    const started = Date.now();
    let done = 0;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (Date.now() < until) {
          await pool.query(statement);
          done++;
        }
      }),
    );
    return Math.round(done / ((Date.now() - started) / 1000));
  };
  try {
    await pool.query('create table bench_reference (n int)');
    const reads = await rate('select 1');
    const commits = await rate('insert into bench_reference values (1)');
    await pool.query('drop table bench_reference');
    return { connections, reads, commits };
  } finally {
    await pool.end();
  }
}
