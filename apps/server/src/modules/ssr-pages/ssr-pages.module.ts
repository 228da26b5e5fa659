/**
 * The ssr-pages module: the home, shop and product pages rendered on the server from the
 * catalog's answers (ssr-pages.ts). It hands them to the web app plugin as the shop's page
 * source (`app.ssrPages`), which sends them, with their ETag, in place of the plain built
 * page. A build without a web app, or without its manifest, leaves the source out: every page
 * is then the built index.html, rendered in the browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withDemoBanner } from '../../plugins/web-app';
import { SsrPages } from './ssr-pages';

export const ssrPagesModule = fp(
  async (app: FastifyInstance) => {
    const { webDistDir, demo } = app.config;
    const index = path.join(webDistDir, 'index.html');
    if (!existsSync(index)) return;
    const built = readFileSync(index, 'utf8');
    // The page as the shop sends it: a demo's with its note, as the web app plugin's own.
    const html = demo ? withDemoBanner(built) : built;
    const pages = await SsrPages.load(webDistDir, app.log, app.database.changes.catalog, html);
    if (!pages) return;
    app.decorate('ssrPages', {
      page: (pathname, search, log) => pages.page(pathname, search, app.catalogAnswers, log),
    });
  },
  { name: 'ssr-pages' },
);
