/**
 * A real server process (`node --import tsx src/main.ts`) for tests of what only a process shows: signals,
 * crashes, several instances on one database.
 *
 *   const server = await startServer({ DATABASE_URL: testDb.url! });
 *   await fetch(`${server.url}/api/health`);
 *   await server.kill(); // SIGKILL, resolves once the process is gone
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverRoot } from '../src/paths';
import { testConfig } from './helpers';

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** The exit code; null when a signal ended the process. */
  exited: Promise<number | null>;
  /** SIGKILL: the process dies wherever it is, with no chance to clean up. */
  kill: () => Promise<void>;
  /** The last few kilobytes the process wrote to standard error (why it died, if it did). */
  stderr: () => string;
}

/** The secret every spawned server signs with: the one testConfig() uses. */
export const serverJwtSecret = testConfig().jwtSecret;

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the server on a free port and resolves once /api/health answers 200. Without
 * DATABASE_URL it runs on PGlite in a fresh DATA_DIR. `env` overrides the defaults.
 */
export async function startServer(
  env: Record<string, string> = {},
  startupMs = 60_000,
): Promise<ServerProcess> {
  const port = await freePort();
  // tsx as a loader, not its CLI: the CLI runs the server in a child process of its own, which
  // a SIGKILL sent to the CLI would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'otaku-process-')),
      DATABASE_URL: '',
      JWT_SECRET: serverJwtSecret,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'otaku-no-web-dist'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };

  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited on start-up:\n${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok)
        return { url, port, child, exited, kill, stderr: () => stderr };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`server did not start within ${startupMs} ms:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Call {
  token?: string;
  json?: unknown;
  body?: FormData | URLSearchParams;
  cookie?: string;
  headers?: Record<string, string>;
}

/** One request to a server process; redirects are returned, not followed. */
export function call(server: { url: string }, method: string, url: string, options: Call = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${server.url}${url}`, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    redirect: 'manual',
  });
}
