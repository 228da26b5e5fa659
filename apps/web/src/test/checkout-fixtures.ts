/**
 * Carts, orders and answers of the cart, coupon and history tests, which stub the API with
 * test/api-stub.ts (re-exported here).
 */
import type { CartItem, CartResponse, DashboardOrder, Order } from '@otaku/shared';
import { jsonResponse } from './factories';

export { stubApi, type RecordedCall } from './api-stub';

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

/** A second line for carts of two: one figure of a product with a single stock. */
export const figureItem = (overrides: Partial<CartItem> = {}): CartItem =>
  cartItem({
    _id: 'TOY-BBBBBB',
    productId: 'TOY-BBBBBB',
    name: 'Mecha Figure',
    price: 5.55,
    itemQuantity: 1,
    selectedVariant: '',
    category: 'toys',
    ...overrides,
  });

/** An order as purchase history and the dashboard get it: one figure, cash, pending. */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'order-1',
    orderID: 'ORD-00000001',
    user: { username: 'fan', email: 'fan@example.test', profilePic: null },
    createdAt: '2025-03-07T10:00:00.000Z',
    orderDate: '2025-03-07T10:00:00.000Z',
    paymentMethod: 'cod',
    paymentStatus: 'unpaid',
    status: 'pending',
    shippingAddress: 'Tokyo',
    subtotal: 10,
    shippingCost: 5,
    discount: 0,
    discountPercentage: 0,
    finalAmount: 15,
    couponCode: null,
    products: [
      {
        lineId: '00000000-0000-4000-8000-000000000006',
        productId: { _id: 'TOY-1', name: 'Figure 1', image: '/x.webp' },
        variant: '',
        quantity: 1,
        price: 10,
      },
    ],
    ...overrides,
  };
}

/** An order as the dashboard gets it: `orderFixture`, with no units short of stock. */
export function dashboardOrderFixture(overrides: Partial<DashboardOrder> = {}): DashboardOrder {
  const { shortUnits = [], ...order } = overrides;
  return { ...orderFixture(order), shortUnits };
}

/** The shop's default cart rules, as every cart answer carries them. */
export const CART_RULES = {
  reservationTtlMinutes: 30,
  reservationMaxMinutes: 120,
  maxUnitsPerItem: 10,
  maxUnitsPerCart: 30,
} as const;

export function cartResponse(items: CartItem[], message = 'Cart loaded'): CartResponse {
  return {
    success: true,
    message,
    cartItems: items,
    heldUntil: items.length ? new Date(Date.now() + 30 * 60_000).toISOString() : null,
    ...CART_RULES,
  };
}

export { jsonResponse };
