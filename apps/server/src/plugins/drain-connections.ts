/**
 * Lets the server close as soon as its requests in flight are answered (decision 121).
 * Closing waits for every open connection, and Node closes only those it counts as idle: a
 * connection a browser opened ahead and has sent nothing on yet, or a kept-alive one whose
 * request was still running at that moment, stayed open until the client let go, and held
 * the process until its forced exit. So, once the app is closing, a connection with no
 * request in flight is closed at once, and one with a request is closed when the answer has
 * gone out, which says `Connection: close` when its headers are still to be sent.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const drainConnectionsPlugin = fp(async (app: FastifyInstance) => {
  /** Each open connection and how many of its requests are not yet answered. */
  const inFlight = new Map<Socket, number>();
  /** The answers not yet sent; closing marks those whose headers are still to go. */
  const unanswered = new Set<ServerResponse>();
  let closing = false;

  /** Ends the connection once its last written bytes are out, if it has nothing in flight. */
  const endIfIdle = (socket: Socket) => {
    if (closing && !inFlight.get(socket)) socket.destroySoon();
  };
  const sayClose = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };

  app.server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
    // One that arrives while the server stops listening has no request to finish either.
    endIfIdle(socket);
  });

  // Plain listeners rather than a hook of every request: what a request pays is a count.
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    unanswered.add(response);
    if (closing) sayClose(response);
    response.once('close', () => {
      unanswered.delete(response);
      if (inFlight.has(socket)) inFlight.set(socket, inFlight.get(socket)! - 1);
      endIfIdle(socket);
    });
  });

  app.addHook('preClose', async () => {
    closing = true;
    for (const response of unanswered) sayClose(response);
    for (const socket of inFlight.keys()) endIfIdle(socket);
  });
});
