/**
 * HTTP caching and compression.
 *
 * - Every successful GET under /api answers with an ETag (a hash of the exact body) and
 *   `cache-control: no-cache` unless the route set its own: a browser keeps the answer but
 *   asks again each time, and gets an empty 304 when nothing changed. Stock and prices are
 *   therefore always current; only the transfer is saved.
 * - Answers over 1 KB are compressed (brotli or gzip, as the client accepts), the built web
 *   app's assets included. Request bodies are never decompressed: a small compressed upload
 *   cannot expand past the body limits.
 *
 * Registered before the API routes and the web app, so that the ETag hook sees the body
 * before compression and @fastify/static's streams are compressed too.
 */
import { createHash } from 'node:crypto';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** A weak validator: two answers with the same bytes are interchangeable. */
export const etagOf = (body: string | Buffer) =>
  `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 asks). */
export function matchesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = tag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

function cacheable(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    reply.statusCode === 200 &&
    request.url.startsWith('/api/') &&
    (typeof payload === 'string' || Buffer.isBuffer(payload))
  );
}

export const httpCachingPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!cacheable(request, reply, payload)) return payload;
    const tag = etagOf(payload as string | Buffer);
    reply.header('etag', tag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    if (!matchesTag(request.headers['if-none-match'], tag)) return payload;
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  });

  await app.register(compress, { global: true, threshold: 1024, globalDecompression: false });
});
