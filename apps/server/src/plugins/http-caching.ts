/**
 * HTTP caching and compression.
 *
 * - Every successful GET under /api answers with an ETag (a hash of the exact body) and
 *   `cache-control: no-cache` unless the route set its own: a browser keeps the answer but
 *   asks again each time, and gets an empty 304 when nothing changed. Stock and prices are
 *   therefore always current; only the transfer is saved.
 * - Answers built in memory (JSON, HTML) over 1 KB are compressed with brotli or gzip, as the
 *   client accepts. They are small, so they are compressed in one go rather than streamed:
 *   a client that hangs up early costs nothing and logs nothing. The web app's files are
 *   compressed once at build time and served as they are (web-app.ts, `preCompressed`).
 * - Request bodies are never decompressed: a small compressed upload cannot expand past the
 *   body limits.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const COMPRESS_THRESHOLD_BYTES = 1024;

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

type Encoding = 'br' | 'gzip';

/** The coding to answer in: brotli when accepted, else gzip, else none (q=0 refuses one). */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let encoding = encodingFor.get(header);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(header);
    // Browsers send a handful of distinct headers; anything else is not worth remembering.
    if (encodingFor.size < 64) encodingFor.set(header, encoding);
  }
  return encoding;
}

const encodingFor = new Map<string, Encoding | null>();

function parseAcceptEncoding(header: string): Encoding | null {
  const accepted = new Set(
    header
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

type Compressor = (body: string | Buffer) => Buffer;

const brotli =
  (quality: number): Compressor =>
  (body) =>
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

/**
 * An answer made for one request is compressed for that request alone, so with brotli's fastest
 * setting: a 12 KB dashboard page in ~45 µs, where quality 4 took ~170 µs for 15% fewer bytes.
 * A kept answer or page is compressed once and sent many times, so with quality 6: ~10% smaller
 * than quality 4 at about the same cost (quality 9 costs 15 times as much for nothing more).
 */
const perRequest: Record<Encoding, Compressor> = { br: brotli(1), gzip: (body) => gzipSync(body) };
const once: Record<Encoding, Compressor> = { br: brotli(6), gzip: perRequest.gzip };

/** For files whose name changes with their content (hashed assets, stored pictures). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * An answer (JSON by default, or a page) made once, with its tag worked out once and each
 * compressed form made on first need: what a cache of answers or pages keeps
 * (modules/catalog/answer-cache.ts, modules/ssr-pages/ssr-pages.ts).
 */
export class PreparedBody {
  readonly etag: string;
  readonly bytes: number;
  readonly #encoded: Partial<Record<Encoding, Buffer>> = {};

  constructor(
    readonly body: string,
    readonly contentType: string = JSON_TYPE,
    /** A page of something that is not there (a product page of no product) goes out as 404. */
    readonly status: 200 | 404 = 200,
  ) {
    this.etag = etagOf(body);
    this.bytes = Buffer.byteLength(body);
  }

  encoded(encoding: Encoding): Buffer {
    return (this.#encoded[encoding] ??= once[encoding](this.body));
  }
}

/**
 * Tags the reply with `tag` (and `no-cache` unless the route set its own caching); true when
 * the client already holds this answer, which then goes out as an empty 304.
 */
function tagged(request: FastifyRequest, reply: FastifyReply, tag: string): boolean {
  reply.header('etag', tag);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
  return matchesTag(request.headers['if-none-match'], tag);
}

/**
 * The coding a body of `bytes` goes out in, as the client accepts, with Vary and
 * Content-Encoding set; null to send it as it is (small, or not accepted).
 */
function codingFor(request: FastifyRequest, reply: FastifyReply, bytes: number): Encoding | null {
  if (bytes < COMPRESS_THRESHOLD_BYTES) return null;
  // Once only: a prepared page sent as it is passes here again in the onSend hook.
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return encoding;
}

/**
 * Sends a prepared answer the way the hook below treats a fresh one (tag, `no-cache`, 304,
 * compression), without hashing or compressing it again. The hook leaves an answer that
 * already carries its ETag alone.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedBody,
): FastifyReply {
  reply.code(answer.status).header('content-type', answer.contentType);
  // Only a found answer is worth revalidating; an absent one is asked again in full.
  if (answer.status === 200 && tagged(request, reply, answer.etag)) {
    return reply.code(304).removeHeader('content-type').send();
  }
  const encoding = codingFor(request, reply, answer.bytes);
  return reply.send(encoding ? answer.encoded(encoding) : answer.body);
}

const isApiRead = (request: FastifyRequest, reply: FastifyReply) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  reply.statusCode === 200 &&
  request.url.startsWith('/api/');

/** What goes out for a fresh answer: tagged, 304 when the client has it, compressed when worth it. */
function tagAndCompress(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('etag')) return payload;
  if (isApiRead(request, reply) && tagged(request, reply, etagOf(payload))) {
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  }
  if (reply.hasHeader('content-encoding')) return payload;
  const encoding = codingFor(request, reply, Buffer.byteLength(payload));
  if (!encoding) return payload;
  reply.removeHeader('content-length');
  return perRequest[encoding](payload);
}

export const httpCachingPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: the work is synchronous, so no promise and microtask per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, tagAndCompress(request, reply, payload));
  });
});
