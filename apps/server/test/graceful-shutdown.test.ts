import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_SHOPPER_PASSWORD } from '../src/seed/accounts';
import { engine } from './helpers';
import { call, startServer, type ServerProcess } from './server-process';

/** A raw connection to the server: what it has received, and when the server closed it. */
async function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed, received: () => received };
}

/** A test on a server process of its own, killed at the end whatever happened. */
const onServer =
  (test: (server: ServerProcess) => Promise<void>, env: Record<string, string> = {}) =>
  async () => {
    const server = await startServer(env);
    try {
      await test(server);
    } finally {
      await server.kill();
    }
  };

/** A toy of the demo catalog with units left (a toy has one variant, named ''). */
async function toyInStock(server: ServerProcess): Promise<string> {
  const constraints = { category: 'toys', productTypes: ['all'], price: 0, sortBy: 'popular' };
  const query = encodeURIComponent(JSON.stringify({ ...constraints, page: 1, searchQuery: '' }));
  const res = await call(server, 'GET', `/api/product/getProducts?productConstraints=${query}`);
  const { currPageProducts } = (await res.json()) as {
    currPageProducts: Array<{ productID: string; stock: number }>;
  };
  return currPageProducts.find((p) => p.stock > 0)!.productID;
}

/** An SMTP server that takes a message's whole text and then never answers it. */
async function silentAfterData() {
  let stalled = false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream) {
      stream.on('end', () => (stalled = true));
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    stalled: () => stalled,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

// The process and its HTTP server are what is tested; one database engine is enough.
describe.skipIf(engine !== 'pglite')('graceful shutdown', { timeout: 90_000 }, () => {
  it(
    'exits at once on SIGTERM when no request is in flight, closing the connections left open',
    onServer(async ({ port, child, exited }) => {
      // Opened ahead, as browsers do, with nothing sent on it yet.
      const ahead = await connection(port);
      // Answered and kept alive for the next request, as browsers and proxies keep them.
      const keptAlive = await connection(port);
      keptAlive.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await vi.waitFor(() => expect(keptAlive.received()).toMatch(/^HTTP\/1\.1 200/));
      expect(keptAlive.received()).toMatch(/connection: keep-alive/i);

      child.kill('SIGTERM');
      // Held by a connection, the process would be forced out after 15 s with code 1: the code
      // says which it was, with no clock to misread a busy machine.
      expect(await exited).toBe(0);
      await Promise.all([ahead.closed, keptAlive.closed]);
    }),
  );

  it(
    'finishes a request in flight after SIGTERM, closes its connection, then exits 0',
    onServer(async ({ port, child, exited }) => {
      // Send the headers and half the body of a request on a kept-alive connection.
      const busy = await connection(port);
      const body = JSON.stringify({ probe: 'x'.repeat(64) });
      busy.socket.write(
        `POST /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      busy.socket.write(body.slice(0, 10));
      const ahead = await connection(port);
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      // The idle connection goes at once; the process waits for the request in flight.
      await ahead.closed;
      await new Promise((r) => setTimeout(r, 500));
      expect(child.exitCode).toBeNull();
      busy.socket.write(body.slice(10));
      await busy.closed;
      expect(busy.received()).toMatch(/^HTTP\/1\.1 \d{3}/);
      expect(busy.received()).toMatch(/\r\nconnection: close\r\n/i);
      expect(await exited).toBe(0);
    }),
  );

  it('exits 0 on SIGTERM while an order e-mail waits on a mail server gone silent', async () => {
    const smtp = await silentAfterData();
    try {
      // The demo data has a shopper with a published password, and products to order.
      await onServer(
        async (server) => {
          const login = await call(server, 'POST', '/api/auth/login', {
            json: { email: 'marcus.reed@example.com', password: DEMO_SHOPPER_PASSWORD },
          });
          const { token } = (await login.json()) as { token: string };
          const line = { productId: await toyInStock(server), variant: '', quantity: 1 };
          const reserved = await call(server, 'POST', '/api/reserveStock', { token, json: line });
          expect(reserved.status).toBe(200);
          const order = { deliveryAddress: '1 Quiet Street', paymentMethod: 'cod' };
          const placed = await call(server, 'POST', '/api/order/placeOrder', {
            token,
            json: order,
          });
          expect(placed.status).toBe(201);
          // The confirmation's text is out; the server's answer to it never comes.
          await vi.waitFor(() => expect(smtp.stalled()).toBe(true), { timeout: 20_000 });
          server.child.kill('SIGTERM');
          // nodemailer would wait 20 s for the answer; a shutdown is forced at 15 s with code 1.
          expect(await server.exited).toBe(0);
        },
        { DEMO_DATA: 'on', SMTP_URL: smtp.url },
      )();
    } finally {
      await smtp.close();
    }
  });
});
