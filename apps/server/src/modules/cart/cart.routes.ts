/**
 * The cart and stock calls of spec §7. Every call needs a signed-in user and acts on that
 * user's own cart (`user_<id>`); a cartId or userId naming anyone else is refused.
 */
import { CART_INFO, endpoints } from '@otaku/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/auth';
import * as cart from './cart.service';
import { SoldOutVariants } from './sold-out';

/**
 * The cart calls; a change first closes the cart's open card checkout with `closeCheckouts`,
 * which checkout gives (so the cart never imports checkout).
 */
export const cartRoutes =
  (closeCheckouts: (log: FastifyBaseLogger, owner: cart.CartOwner) => Promise<void>) =>
  async (app: FastifyInstance): Promise<void> => {
    const { cart: calls } = endpoints;
    const user = { config: { access: 'user' }, schema: { tags: ['cart'] } } as const;
    const db = () => app.database.db;
    const { config } = app;
    const rules: cart.CartRules = {
      itemMax: config.maxUnitsPerItem,
      cartMax: config.maxUnitsPerCart,
      holdMaxMinutes: config.reservationMaxMinutes,
      ttlMinutes: config.reservationTtlMinutes,
    };
    const rates: cart.ReservationRates = {
      perAccount: config.reservationsPerMinutePerAccount,
      perAddress: config.reservationsPerMinutePerAddress,
    };
    const answerWith = (state: cart.CartState, message: string) => ({
      success: true as const,
      message,
      ...cart.cartView(state, rules, app.imageUrl),
    });
    /** The cart as it is now. */
    const answer = async (cartId: string, message: string) =>
      answerWith(await cart.cartState(db(), cartId), message);
    /** What a change of one line answers: the line, and the cart it left, read in the same call. */
    const lineAnswer = ({ cart: state, ...line }: cart.LineResult, message: string) => ({
      ...answerWith(state, message),
      ...line,
    });
    /** The signed-in user's cart; a body naming another user or cart is refused. */
    const ownerOf = (
      request: Parameters<typeof currentUser>[0],
      body: { cartId?: string | undefined; userId?: string | undefined },
    ) => {
      return cart.cartOwner(currentUser(request).id, body);
    };
    /** A change that may take units counts against the account's and the address's limits. */
    const counted = (request: Parameters<typeof currentUser>[0], owner: cart.CartOwner) =>
      cart.countReservation(db(), owner, request.ip, rates);
    /** Runs a change once the cart's card checkout, if one is open, is closed (decision 137). */
    const changing = <T>(
      request: Parameters<typeof currentUser>[0],
      owner: cart.CartOwner,
      change: () => Promise<T>,
    ) => cart.closingCheckouts(owner, (who) => closeCheckouts(request.log, who), change);

    // The body is optional (the spec's client sends {userId}), so none is fine too.
    addRoute(app, calls.cart, user, async (request) =>
      answer(ownerOf(request, request.body ?? {}).cartId, CART_INFO.loaded),
    );

    // The adds of a variant that waited for a turn send their calls together (decision 166).
    const soldOut = new SoldOutVariants(app.database.changes.catalog, (adds: cart.AddOfMany[]) =>
      cart.reserveTogether(db(), adds, rules),
    );
    addRoute(app, calls.reserveStock, user, async (request) => {
      const owner = ownerOf(request, request.body);
      const { productId, variant } = request.body;
      // Counted once, in the call that reserves; not again when tried after closing a checkout.
      let counters = cart.reservationCounters(owner, request.ip, rates);
      // Each try takes the variant's turn; closing an open checkout (at the provider) does not.
      const result = await changing(request, owner, () =>
        soldOut.add(
          productId,
          variant,
          (sawStock, send) => {
            const counting = counters;
            counters = cart.NOT_COUNTED;
            return cart.reserveStock(db(), owner, request.body, rules, counting, sawStock, send);
          },
          cart.soldOut,
        ),
      ).catch((error: unknown) => cart.asStockRefusal(db(), request.body, error));
      return lineAnswer(result, CART_INFO.added);
    });

    addRoute(app, calls.decrement, user, async (request) => {
      const owner = ownerOf(request, request.body);
      const result = await changing(request, owner, () =>
        cart.decrementReservation(db(), owner, request.body, rules),
      );
      return lineAnswer(result, CART_INFO.decremented);
    });

    addRoute(app, calls.update, user, async (request) => {
      const owner = ownerOf(request, {});
      await counted(request, owner);
      const result = await changing(request, owner, () =>
        cart.setQuantity(db(), owner, request.body, rules),
      ).catch((error: unknown) => cart.asStockRefusal(db(), request.body, error));
      return lineAnswer(result, CART_INFO.updated);
    });

    addRoute(app, calls.remove, user, async (request) => {
      const owner = ownerOf(request, {});
      const { cart: state } = await changing(request, owner, () =>
        cart.removeLine(db(), owner, request.body, rules),
      );
      return answerWith(state, CART_INFO.removed);
    });

    addRoute(app, calls.clear, user, async (request) => {
      const owner = ownerOf(request, {});
      await changing(request, owner, () => cart.clearCart(db(), owner));
      return answer(owner.cartId, CART_INFO.cleared);
    });
  };
