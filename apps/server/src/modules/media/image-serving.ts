/**
 * Serves the stored pictures at /uploads/<key>, from whichever store holds them: cached for a
 * year as immutable (every new picture gets a new name), with an ETag and Last-Modified so a
 * revalidation gets an empty 304. Only the app's own names are served (image-store.ts); any
 * other path, or a picture that is not there, is a 404, and a store that cannot be reached a
 * 503. With S3_PUBLIC_URL the pages point at the bucket instead, and these addresses stay for
 * links made before.
 */
import { SERVER } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { isImageKey } from './image-store';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The type each served extension is sent as. It comes from the name, never from the store, so
 * an object stored with another type cannot be sent as a page from the shop's origin.
 */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** A served key: an image key without the temporary suffix, of a picture type. */
function contentTypeOf(key: string): string | undefined {
  if (!isImageKey(key) || key.endsWith('.tmp')) return undefined;
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)];
}

/** An If-None-Match naming one tag (what browsers send back), compared weakly. */
const singleTag = (header: string | undefined) =>
  header && !header.includes(',') ? header.trim() : undefined;
const sameTag = (a: string, b: string) => a.replace(/^W\//, '') === b.replace(/^W\//, '');

export async function imageServingModule(app: FastifyInstance): Promise<void> {
  const notFound = { success: false, message: SERVER.notFound, code: 'NOT_FOUND' } as const;

  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const contentType = contentTypeOf(key);
    if (!contentType) return reply.status(404).send(notFound);

    const asked = singleTag(request.headers['if-none-match']);
    const found = await app.images.get(key, asked);
    if (found === null) return reply.status(404).send(notFound);
    reply.header('cache-control', IMMUTABLE);
    if (found === 'not-modified') return reply.status(304).header('etag', asked).send();
    if (asked && sameTag(asked, found.etag)) {
      found.body.destroy();
      return reply.status(304).header('etag', found.etag).send();
    }
    return reply
      .header('content-type', contentType)
      .header('content-length', String(found.size))
      .header('etag', found.etag)
      .header('last-modified', found.lastModified.toUTCString())
      .send(found.body);
  });
}
