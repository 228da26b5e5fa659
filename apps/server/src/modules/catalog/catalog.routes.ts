import { endpoints } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { sendPrepared } from '../../plugins/http-caching';
import * as service from './catalog.service';

/**
 * The shop's public product and search calls (spec §7 "Products and search"). Pages, products
 * and suggestions are answered from memory while the catalog has not changed (answer-cache.ts),
 * already serialized: sendPrepared sends those bytes as they are, never through the response
 * schema. The stock check always reads the database.
 */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;
  const answers = app.catalogAnswers;
  const { catalog } = endpoints;
  const open = (summary: string) =>
    ({ config: { access: 'public' }, schema: { tags: ['catalog'], summary } }) as const;

  addRoute(
    app,
    catalog.products,
    open('One page of the shop for a filter, sort and search'),
    async (request, reply) => {
      const answer = await answers.listing(request.query.productConstraints);
      return sendPrepared(request, reply, answer);
    },
  );

  addRoute(
    app,
    catalog.releases,
    open('The coming releases (pre-orders) by month'),
    async (request, reply) => sendPrepared(request, reply, await answers.releases()),
  );

  addRoute(
    app,
    catalog.verifyStock,
    open('Whether a quantity of a variant is still available'),
    async (request) => service.verifyStock(db(), request.query),
  );

  addRoute(
    app,
    catalog.product,
    open('One product with its stock per variant'),
    async (request, reply) =>
      sendPrepared(request, reply, await answers.product(request.params.productID)),
  );

  addRoute(
    app,
    catalog.suggestions,
    open('Up to 8 suggestions for the search box'),
    async (request, reply) =>
      sendPrepared(request, reply, await answers.suggestions(request.query.data)),
  );
}
