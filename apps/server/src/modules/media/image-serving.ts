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
import { IMMUTABLE } from '../../plugins/http-caching';
import { isImageKey } from './image-store';

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

/**
 * An If-None-Match naming one tag (what browsers send back), without `W/`: the stores compare
 * it weakly, as a GET's revalidation may.
 */
const askedTag = (header: string | undefined) =>
  header && !header.includes(',') ? header.trim().replace(/^W\//, '') : undefined;

export async function imageServingModule(app: FastifyInstance): Promise<void> {
  const notFound = { success: false, message: SERVER.notFound, code: 'NOT_FOUND' } as const;

  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const contentType = contentTypeOf(key);
    if (!contentType) return reply.status(404).send(notFound);

    const found = await app.images.get(key, askedTag(request.headers['if-none-match']));
    if (found === null) return reply.status(404).send(notFound);
    reply.header('cache-control', IMMUTABLE);
    if (found === 'not-modified') {
      return reply.status(304).header('etag', request.headers['if-none-match']).send();
    }
    if (found.size !== undefined) reply.header('content-length', String(found.size));
    return reply
      .header('content-type', contentType)
      .header('etag', found.etag)
      .header('last-modified', found.lastModified.toUTCString())
      .send(found.body);
  });
}
