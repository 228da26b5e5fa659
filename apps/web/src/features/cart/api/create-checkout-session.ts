/**
 * Card payment (spec §7): ask which provider the shop uses, then
 * POST /api/{provider}/create-checkout-session; the caller sends the browser to `url`.
 */
import type {
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse,
  PaymentConfigResponse,
} from '@otaku/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function createCheckoutSession(request: CreateCheckoutSessionRequest) {
  const { provider } = await api.get<PaymentConfigResponse>('/payments/config');
  return api.post<CreateCheckoutSessionResponse>(`/${provider}/create-checkout-session`, request);
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
