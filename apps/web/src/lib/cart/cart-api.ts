/**
 * The cart calls of spec §7 that more than one screen uses: the cart query (cart page, product
 * page) and the reservation behind Add to Cart. Both features import them from here, since
 * features never import each other.
 */
import {
  routes,
  userCartId,
  type ReserveStockError,
  type ReserveStockRequest,
} from '@otaku/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../api-client';
import { useSession } from '../session';

export const cartKeys = {
  cart: (userId: string | undefined) => ['cart', userId ?? 'guest'] as const,
  all: ['cart'] as const,
};

/** Purchase history queries; checkout invalidates them after an order. */
export const ordersKey = ['orders'] as const;

/**
 * One of the user's orders (its confirmation page). Checkout puts the order it placed here, so
 * the page it goes to shows it without asking again.
 */
export const orderKey = (orderID: string) => [...ordersKey, 'order', orderID] as const;

export const fetchCart = (userId: string) => call(routes.cart.cart, { body: { userId } });

/** The signed-in user's cart; nothing is fetched for a guest (spec §4: loads once signed in). */
export function useCart() {
  const { user } = useSession();
  return useQuery({
    queryKey: cartKeys.cart(user?._id),
    queryFn: () => fetchCart(user!._id),
    enabled: Boolean(user),
  });
}

export const reserveStock = (request: ReserveStockRequest) =>
  call(routes.cart.reserveStock, { body: request });

/** The body of a 409 from a reservation, when that is what the error is. */
export function reservationFailure(error: unknown): ReserveStockError | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<ReserveStockError> | null;
  return body && typeof body.code === 'string' && typeof body.stock === 'number'
    ? (body as ReserveStockError)
    : null;
}

export { userCartId };
