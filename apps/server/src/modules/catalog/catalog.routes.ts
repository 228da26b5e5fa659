import {
  errorResponseSchema,
  getProductResponseSchema,
  getProductsQuerySchema,
  getProductsResponseSchema,
  productParamsSchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsResponseSchema,
  verifyStockQuerySchema,
  verifyStockResponseSchema,
} from '@otaku/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPrepared } from '../../plugins/http-caching';
import * as service from './catalog.service';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/**
 * The shop's public product and search calls (spec §7 "Products and search"). Pages, products
 * and suggestions are answered from memory while the catalog has not changed (answer-cache.ts);
 * the stock check always reads the database.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const answers = app.catalogAnswers;

  app.get(
    '/product/getProducts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'One page of the shop for a filter, sort and search',
        querystring: getProductsQuerySchema,
        response: { 200: getProductsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await answers.listing(request.query.productConstraints);
      return sendPrepared(request, reply, answer);
    },
  );

  app.get(
    '/product/verifyStock',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Whether a quantity of a variant is still available',
        querystring: verifyStockQuerySchema,
        response: { 200: verifyStockResponseSchema, ...errors },
      },
    },
    async (request) => service.verifyStock(db(), request.query),
  );

  app.get(
    '/product/:productID',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'One product with its stock per variant',
        params: productParamsSchema,
        response: { 200: getProductResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      return sendPrepared(request, reply, await answers.product(request.params.productID));
    },
  );

  app.get(
    '/search/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Up to 8 suggestions for the search box',
        querystring: searchSuggestionsQuerySchema,
        response: { 200: searchSuggestionsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      return sendPrepared(request, reply, await answers.suggestions(request.query.data));
    },
  );
};
