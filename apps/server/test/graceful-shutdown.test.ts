import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { engine } from './helpers';
import { startServer } from './server-process';

// The process and its HTTP server are what is tested; one database engine is enough.
describe.skipIf(engine !== 'pglite')('graceful shutdown', () => {
  it('finishes a request in flight after SIGTERM, then exits 0', { timeout: 90_000 }, async () => {
    const { port, child, exited, kill } = await startServer();
    try {
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
      await kill();
    }
  });
});
