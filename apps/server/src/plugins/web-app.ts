import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEMO_SHOP, isAppPage, productLinkTarget, SERVER } from '@otaku/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HTML_TYPE, IMMUTABLE, PreparedBody, sendPrepared } from './http-caching';

/**
 * Where the shop's SSR pages come from (the ssr-pages module, registered before this plugin):
 * the page at an address, ready to send, or null when the address has no SSR page.
 */
export interface SsrPageSource {
  page(pathname: string, search: string, log: FastifyBaseLogger): Promise<PreparedBody | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the ssr-pages module when the build can render pages; absent otherwise. */
    ssrPages?: SsrPageSource;
  }
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * every other GET that is not an API call falls back to index.html (client-side routes), with
 * status 404 at an address the app has no page for or a product page of no product. The
 * shop's SSR pages (home, shop, product: modules/ssr-pages) are sent as that module renders
 * them, cached responses kept until the catalog changes and sent with an ETag, so a reload
 * that finds the same page gets an empty 304.
 * Uploaded and generated images are served under /uploads by the media module. A demo shop's
 * pages open with a note saying so (withDemoBanner).
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  const { webDistDir } = app.config;

  const hasWeb = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      cacheControl: false,
      // The build's manifest (.vite/) is read by the server, not sent.
      dotfiles: 'ignore',
      // The page is only sent as the shop prepares it (a demo's with its note, an SSR page
      // rendered), never as the file; /index.html leads to the shop's front page.
      globIgnore: ['index.html', 'index.html.*'],
      // index.html and the assets have .br and .gz siblings written by the web build.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const built = hasWeb ? readFileSync(path.join(webDistDir, 'index.html'), 'utf8') : '';
  const html = app.config.demo ? withDemoBanner(built) : built;
  const appPage = new PreparedBody(html, HTML_TYPE);
  const notFoundPage = new PreparedBody(html, HTML_TYPE, 404);
  const ssrPages = hasWeb && app.hasDecorator('ssrPages') ? app.ssrPages : undefined;

  if (hasWeb) {
    app.get('/index.html', { schema: { hide: true } }, (request, reply) => {
      const queryAt = request.url.indexOf('?');
      return reply.redirect(queryAt < 0 ? '/' : `/${request.url.slice(queryAt)}`, 301);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const url = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const search = queryAt < 0 ? '' : request.url.slice(queryAt);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/uploads/') &&
      !url.startsWith('/assets/');
    if (isPage && hasWeb) {
      // A `/shop/:<id>` link is the product page at its one address, for browsers and crawlers.
      const canonical = productLinkTarget(url);
      if (canonical) return reply.redirect(canonical + search, 301);
      const page = await ssrPages?.page(url, search, request.log);
      if (page) return sendPrepared(request, reply.header('cache-control', 'no-cache'), page);
      reply.header('cache-control', 'no-cache');
      // An address the app has no page for gets its not-found screen, as a 404.
      return sendPrepared(request, reply, isAppPage(url) ? appPage : notFoundPage);
    }
    return reply.status(404).send({ success: false, message: SERVER.notFound, code: 'NOT_FOUND' });
  });
});

/**
 * The page with the demo note as the first thing in its body: outside the app's root, so the
 * app's own markup, and its hydration, are the same in a demo and a live shop.
 */
export function withDemoBanner(html: string): string {
  return html.replace(
    /<body[^>]*>/,
    (body) =>
      `${body}<aside class="demo-banner" aria-label="Demo notice">${DEMO_SHOP.banner}</aside>`,
  );
}
