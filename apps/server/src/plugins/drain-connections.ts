/**
 * Lets the server close as soon as its requests in flight are answered (decision 121).
 * Closing waits for every open connection, and Node closes only those it counts as idle: a
 * connection a browser opened ahead and has sent nothing on yet, or a kept-alive one whose
 * request was still running at that moment, stayed open until the client let go, and held
 * the process until its forced exit. So, once the app is closing, a connection with no
 * request in flight is closed at once, and one with a request is closed when the answer has
 * gone out, which says `Connection: close` when its headers are still to be sent.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const drainConnectionsPlugin = fp(async (app: FastifyInstance) => {
  /** Each open connection and how many of its requests are not yet answered. */
  const inFlight = new Map<Socket, number>();
  let closing = false;

  /** Ends the connection once its last written bytes are out, if it has nothing in flight. */
  const endIfIdle = (socket: Socket) => {
    if (closing && !inFlight.get(socket)) socket.destroySoon();
  };

  app.server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
    // One that arrives while the server stops listening has no request to finish either.
    endIfIdle(socket);
  });

  app.server.on('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      if (inFlight.has(socket)) inFlight.set(socket, inFlight.get(socket)! - 1);
      endIfIdle(socket);
    });
  });

  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of inFlight.keys()) endIfIdle(socket);
  });
});
