/**
 * Clients that go silent are dropped (src/http-time-limits.ts): the server's limits, shortened
 * here so that the test need not wait minutes, on a real listening server.
 */
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestDatabase, engine, testConfig, type TestDatabase } from './helpers';

/** A raw connection: what it has received, and a promise of the server closing it. */
async function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed, received: () => received };
}

// Node's HTTP server is what is tested; one database engine is enough.
describe.skipIf(engine !== 'pglite')('clients that go silent', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    app = await buildApp({
      config: testConfig(),
      database: testDb.database,
      httpTimeLimits: { requestMs: 1_000, headersMs: 500, checkEveryMs: 100 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it('closes a connection that sent a request’s headers and then nothing', async () => {
    const silent = await connection(port);
    silent.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 64\r\n\r\n',
    );
    // Without a request time limit the server waits for the body for ever.
    await silent.closed;
    expect(silent.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still takes a request whose body comes in time', async () => {
    const prompt = await connection(port);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    prompt.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    await prompt.closed;
    expect(prompt.received()).toMatch(/^HTTP\/1\.1 401 /);
  });
});
