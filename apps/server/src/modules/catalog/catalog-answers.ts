/**
 * The catalog's public answers (a shop page, a product, search suggestions), ready to send,
 * from the answer cache. One per application: the API routes send them, and the web app's
 * page handler puts the first screen's answers inside the page (plugins/web-app.ts).
 */
import {
  getProductResponseSchema,
  getProductsResponseSchema,
  releasesResponseSchema,
  searchSuggestionsResponseSchema,
  type ProductConstraints,
} from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import type { ImageUrl } from '../../lib/image-urls';
import type { PreparedBody } from '../../plugins/http-caching';
import { AnswerCache } from './answer-cache';
import * as service from './catalog.service';
import { searchTerms } from './search-sql';

export class CatalogAnswers {
  readonly #cache: AnswerCache;
  readonly #database: Database;
  readonly #imageUrl: ImageUrl;

  constructor(database: Database, imageUrl: ImageUrl) {
    this.#database = database;
    this.#imageUrl = imageUrl;
    this.#cache = new AnswerCache(database.changes.catalog);
  }

  /** One page of the shop; `constraints` as the API's query schema left them. */
  listing(constraints: ProductConstraints): Promise<PreparedBody> {
    const filter = service.toListFilter(constraints);
    return this.#cache.answer(
      service.listingKey(filter),
      getProductsResponseSchema,
      () => service.listProducts(this.#database.db, constraints, filter, this.#imageUrl),
      (page) => page.currPageProducts.map((p) => p.productID),
    );
  }

  /** One product; rejects with the API's 404 when there is none. */
  product(productID: string): Promise<PreparedBody> {
    return this.#cache.answer(
      service.productKey(productID),
      getProductResponseSchema,
      () => service.getProduct(this.#database.db, productID, this.#imageUrl),
      (answer) => [answer.product.productID],
    );
  }

  /** The coming releases by month (/releases). */
  releases(): Promise<PreparedBody> {
    return this.#cache.answer(
      service.RELEASES_KEY,
      releasesResponseSchema,
      () => service.listReleases(this.#database.db, this.#imageUrl),
      (answer) => answer.months.flatMap((m) => m.products.map((p) => p.productID)),
    );
  }

  suggestions(query: string): Promise<PreparedBody> {
    const terms = searchTerms(query);
    return this.#cache.answer(service.suggestionsKey(terms), searchSuggestionsResponseSchema, () =>
      service.suggestProducts(this.#database.db, terms, this.#imageUrl),
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
  const answers = new CatalogAnswers(app.database, app.imageUrl);
  app.decorate('catalogAnswers', answers);
  app.addHook('onClose', async () => answers.close());
});
