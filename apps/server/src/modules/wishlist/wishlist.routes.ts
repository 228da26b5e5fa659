/**
 * The wishlist and back-in-stock alerts (decision 168): the shopper's own calls, the e-mail's
 * unsubscribe, which needs no sign-in (its signed token is the proof), and the staff's counts.
 */
import { endpoints, WISHLIST } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { badRequest } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { userOfUnsubscribeToken } from './unsubscribe-token';
import * as service from './wishlist.service';

export async function wishlistRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;
  const calls = endpoints.wishlist;
  const shopper = { config: { access: 'user' }, schema: { tags: ['wishlist'] } } as const;
  const done = (message: string) => ({ success: true as const, message });

  addRoute(app, calls.keys, shopper, async (request) => ({
    success: true as const,
    ...(await service.keys(db(), currentUser(request).id)),
  }));

  addRoute(app, calls.list, shopper, async (request) => ({
    success: true as const,
    message: WISHLIST.fetched,
    ...(await service.wishlist(db(), currentUser(request).id, app.imageUrl)),
  }));

  addRoute(app, calls.save, shopper, async (request) => {
    await service.save(db(), currentUser(request).id, request.params.productID.toUpperCase());
    return done(WISHLIST.saved);
  });

  addRoute(app, calls.remove, shopper, async (request) => {
    await service.remove(db(), currentUser(request).id, request.params.productID.toUpperCase());
    return done(WISHLIST.removed);
  });

  addRoute(app, calls.alert, shopper, async (request, reply) => {
    const { productId, variant } = request.body;
    await service.askAlert(db(), currentUser(request).id, productId.toUpperCase(), variant);
    return reply.status(201).send(done(WISHLIST.alertCreated));
  });

  addRoute(app, calls.cancelAlert, shopper, async (request) => {
    const { productId, variant } = request.body;
    await service.cancelAlert(db(), currentUser(request).id, productId.toUpperCase(), variant);
    return done(WISHLIST.alertCancelled);
  });

  // RFC 8058: a mail program's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` as a
  // form; the shop's own page posts nothing. The body is accepted here, unread.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, parsed) => parsed(null, undefined),
  );
  addRoute(
    app,
    calls.unsubscribe,
    { config: { access: 'public' }, schema: { tags: ['wishlist'] } },
    async (request) => {
      const userId = userOfUnsubscribeToken(app.config.jwtSecret, request.query.token);
      if (!userId) throw badRequest(WISHLIST.badUnsubscribeLink, 'token');
      await service.unsubscribe(db(), userId);
      return done(WISHLIST.unsubscribed);
    },
  );

  const staff = { config: { access: 'admin' }, schema: { tags: ['dashboard'] } } as const;
  addRoute(app, endpoints.wishlistAdmin.interest, staff, async (request) => ({
    success: true as const,
    interest: await service.interest(db(), request.query.ids),
  }));
  addRoute(app, endpoints.wishlistAdmin.mostWanted, staff, async () => ({
    success: true as const,
    products: await service.mostWanted(db()),
  }));
}
