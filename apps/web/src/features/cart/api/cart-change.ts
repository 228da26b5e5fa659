/**
 * What every change of the cart page (a quantity step, removing a line, clearing) shares: how
 * its answer reaches the cached cart, and what a failure does to it.
 */
import type { CartResponse } from '@otaku/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKeys } from '../../../lib/cart/cart-api';
import { useSession } from '../../../lib/session';

/**
 * `send` makes one change and answers with the whole cart after it, or with undefined when
 * there was nothing to send; it is given the cart as cached when the change runs.
 *
 * Order: the changes of one cart run one at a time, in the order they were asked for (the
 * mutation `scope`): the next is sent only once the previous has answered and its answer is in
 * the cache. The server thus receives them in that order, so each answer is a cart at least as
 * new as every answer before it, and writing each one as it arrives can never put an older cart
 * over a newer one. (Sent side by side, a change that the server had handled first could be
 * answered last, and its older cart was written over the newer.) It also means `send` reads a
 * cart that already holds every earlier change, so a step computed from it is right.
 *
 * A cart read still on its way when an answer arrives (a refetch on focus, after an order) may
 * have been made before the change: it is cancelled and the answer kept. A failed change says
 * nothing about the cart, which may still have moved (a reservation swept, a line gone): the
 * cart is read again, before the next change runs, so the page never keeps a stale line.
 */
export function useCartChange<T>(
  send: (input: T, cart: CartResponse | undefined) => Promise<CartResponse | undefined>,
  errorToast: string,
) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const queryKey = cartKeys.cart(user?._id);
  return useMutation({
    mutationFn: (input: T) => send(input, queryClient.getQueryData<CartResponse>(queryKey)),
    scope: { id: queryKey.join(':') },
    meta: { errorToast },
    onSuccess: async (cart) => {
      if (!cart) return;
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, cart);
    },
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
