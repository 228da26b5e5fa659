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
import * as service from './catalog.service';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/** The shop's public product and search calls (spec §7 "Products and search"). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

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
    async (request) => service.listProducts(db(), request.query.productConstraints),
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
    async (request) => service.getProduct(db(), request.params.productID),
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
    async (request) => service.suggestProducts(db(), request.query.data),
  );
};
