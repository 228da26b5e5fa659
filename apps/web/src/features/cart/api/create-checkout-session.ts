/**
 * Card payment (spec §7): ask which provider the shop uses, then
 * POST /api/{provider}/create-checkout-session; the caller sends the browser to `url`.
 */
import { routes, type CreateCheckoutSessionRequest } from '@otaku/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { cartKeys } from '../../../lib/cart/cart-api';

export async function createCheckoutSession(request: CreateCheckoutSessionRequest) {
  const { provider } = await call(routes.payments.config);
  const sessions = { stripe: routes.checkout.stripeSession, test: routes.checkout.testSession };
  return call(sessions[provider], { body: request });
}

/**
 * A refused start may have changed the cart (lines past their longest hold went back on sale,
 * another tab changed it, or it was just paid): the cart is read again, so the page shows it.
 */
export function useCreateCheckoutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCheckoutSession,
    onError: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
