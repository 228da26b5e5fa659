import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths';
import { engine } from './helpers';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitHealthy(url: string, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The process and its HTTP server are what is tested; one database engine is enough.
describe.skipIf(engine !== 'pglite')('graceful shutdown', () => {
  it('finishes a request in flight after SIGTERM, then exits 0', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [path.join(serverRoot, '../../node_modules/tsx/dist/cli.mjs'), 'src/main.ts'],
      {
        cwd: serverRoot,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'otaku-shutdown-')),
          DEMO_DATA: 'off',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
        },
        stdio: 'ignore',
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await waitHealthy(`http://127.0.0.1:${port}`, 60_000);

      // Send the headers and half the body, then ask the server to stop.
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const body = JSON.stringify({ probe: 'x'.repeat(64) });
      socket.write(
        `POST /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.slice(0, 10));
      let response = '';
      socket.on('data', (chunk) => (response += chunk.toString()));
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      expect(child.exitCode).toBeNull(); // still waiting for the request in flight
      socket.write(body.slice(10));
      await new Promise((resolve) => socket.once('close', resolve));
      expect(response).toMatch(/^HTTP\/1\.1 \d{3}/);
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
