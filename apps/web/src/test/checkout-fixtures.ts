/**
 * A stand-in for the shop API in cart, coupon and history tests: each handler answers one
 * "METHOD /path" and every call is recorded with its parsed JSON body.
 */
import type { CartItem, CartResponse } from '@otaku/shared';
import { vi } from 'vitest';
import { jsonResponse } from './factories';

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function stubApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const call: RecordedCall = {
        method,
        path: url.pathname,
        search: url.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`];
      return handler ? handler(call) : jsonResponse({ success: false, message: 'No handler' }, 500);
    }),
  );
  return { calls, of: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    _id: 'COM-AAAAAA',
    productId: 'COM-AAAAAA',
    name: 'Blade Circuit Zero',
    image: '/uploads/products/COM-AAAAAA-400.webp',
    price: 19.99,
    itemQuantity: 2,
    selectedVariant: 'V1',
    category: 'comics',
    ...overrides,
  };
}

export function cartResponse(items: CartItem[], message = 'Cart loaded'): CartResponse {
  return {
    success: true,
    message,
    cartItems: items,
    heldUntil: items.length ? new Date(Date.now() + 30 * 60_000).toISOString() : null,
    reservationTtlMinutes: 30,
  };
}

export { jsonResponse };
