/**
 * The catalog's public answers (a shop page, a product, search suggestions), ready to send,
 * from the answer cache. One per application: the API routes send them, and the web app's
 * page handler puts the first screen's answers inside the page (plugins/web-app.ts).
 */
import {
  getProductResponseSchema,
  getProductsResponseSchema,
  searchSuggestionsResponseSchema,
  type ProductConstraints,
} from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import type { PreparedBody } from '../../plugins/http-caching';
import { AnswerCache } from './answer-cache';
import * as service from './catalog.service';

export class CatalogAnswers {
  readonly #cache: AnswerCache;
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
    this.#cache = new AnswerCache(database.changes.catalog);
  }

  /** One page of the shop; `constraints` as the API's query schema left them. */
  listing(constraints: ProductConstraints): Promise<PreparedBody> {
    return this.#cache.answer(service.listingKey(constraints), getProductsResponseSchema, () =>
      service.listProducts(this.#database.db, constraints),
    );
  }

  /** One product; rejects with the API's 404 when there is none. */
  product(productID: string): Promise<PreparedBody> {
    return this.#cache.answer(service.productKey(productID), getProductResponseSchema, () =>
      service.getProduct(this.#database.db, productID),
    );
  }

  suggestions(query: string): Promise<PreparedBody> {
    return this.#cache.answer(service.suggestionsKey(query), searchSuggestionsResponseSchema, () =>
      service.suggestProducts(this.#database.db, query),
    );
  }

  close() {
    this.#cache.stopListening();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogAnswers: CatalogAnswers;
  }
}

export const catalogAnswersPlugin = fp(async (app: FastifyInstance) => {
  const answers = new CatalogAnswers(app.database);
  app.decorate('catalogAnswers', answers);
  app.addHook('onClose', async () => answers.close());
});
