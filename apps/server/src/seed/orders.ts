/**
 * About 40 demo orders over the last 60 days: every status, cash and card, some with a coupon.
 * Totals use the same computeTotals as checkout, and lines copy name, image and price the way
 * a real order freezes them.
 */
import { randomUUID } from 'node:crypto';
import { computeTotals, type OrderStatus, type PaymentMethod } from '@otaku/shared';
import { newOrderNumber } from '../lib/ids';
import type { couponUses } from '../db/schema/coupons';
import type { orderLines, orders } from '../db/schema/orders';
import type { DemoProduct } from './catalog';
import { WELCOME_COUPON, type CouponRow } from './coupons';
import { createRng, type Rng } from './prng';
import type { DemoShopper } from './users';

export const DEMO_ORDER_COUNT = 40;
const DAY_MS = 86_400_000;

export interface DemoOrders {
  orders: (typeof orders.$inferInsert)[];
  lines: (typeof orderLines.$inferInsert)[];
  couponUses: (typeof couponUses.$inferInsert)[];
  /** Units ordered per product id, added to the products' units_sold. */
  unitsOrdered: Map<string, number>;
}

/** Older orders have moved further along; the newest cash orders still wait. */
function statusFor(ageDays: number, method: PaymentMethod, rng: Rng): OrderStatus {
  if (ageDays < 3) return method === 'card' ? 'processing' : 'pending';
  if (ageDays < 8)
    return rng.pick(method === 'card' ? ['processing', 'shipped'] : ['pending', 'processing']);
  if (ageDays < 18) return rng.chance(0.7) ? 'shipped' : 'delivered';
  return rng.chance(0.9) ? 'delivered' : 'shipped';
}

const STATUS_DELAY_DAYS: Record<OrderStatus, number> = {
  pending: 0,
  processing: 0.5,
  shipped: 2,
  delivered: 5,
};

export function buildOrders(
  now: Date,
  catalog: readonly DemoProduct[],
  shoppers: readonly DemoShopper[],
  coupons: readonly CouponRow[],
): DemoOrders {
  const rng = createRng('orders');
  const regulars = shoppers.filter((s) => s.createdAt.getTime() < now.getTime() - 61 * DAY_MS);
  const result: DemoOrders = { orders: [], lines: [], couponUses: [], unitsOrdered: new Map() };
  const spent = new Set<string>();
  const numbers = new Set<string>();

  // Oldest first, so a shopper's first order is the one that spends the welcome coupon.
  for (let i = DEMO_ORDER_COUNT - 1; i >= 0; i--) {
    // Denser towards today, like a shop that is growing, so every status has a few orders.
    const ageDays = ((i + rng.next()) / DEMO_ORDER_COUNT) ** 1.4 * 60;
    const createdAt = new Date(now.getTime() - ageDays * DAY_MS);
    const customer = i % 6 === 0 ? regulars[0]! : rng.pick(regulars.slice(1, 13));
    const method: PaymentMethod =
      i === 0 ? 'cod' : i === 1 ? 'card' : rng.chance(0.45) ? 'card' : 'cod';
    const status = statusFor(ageDays, method, rng);

    // A drop has not opened yet: nobody has ordered it.
    const available = catalog.filter((p) => p.row.createdAt < createdAt && !p.entry.drop);
    const picked = new Set<DemoProduct>();
    const lineCount = Math.min(available.length, rng.chance(0.5) ? 1 : rng.chance(0.7) ? 2 : 3);
    while (picked.size < lineCount) picked.add(rng.pick(available));
    const items = [...picked].map((p) => ({
      product: p,
      variant: rng.pick(p.variants).variant,
      quantity: rng.chance(0.75) ? 1 : rng.int(2, 3),
      priceCents: p.row.priceCents,
    }));

    const usable = coupons.filter(
      (c) =>
        c.createdAt < createdAt && c.expiresAt > createdAt && !spent.has(`${c.id}:${customer.id}`),
    );
    const welcome = usable.find((c) => c.code === WELCOME_COUPON && customer === regulars[0]);
    const coupon = welcome ?? (rng.chance(0.3) ? usable[rng.int(0, usable.length - 1)] : undefined);
    const totals = computeTotals(items, coupon?.discountPercent ?? 0);

    let orderNumber = newOrderNumber(rng.base32);
    while (numbers.has(orderNumber)) orderNumber = newOrderNumber(rng.base32);
    numbers.add(orderNumber);
    const id = randomUUID();
    const updatedAt = new Date(
      Math.min(now.getTime(), createdAt.getTime() + STATUS_DELAY_DAYS[status] * DAY_MS),
    );
    result.orders.push({
      id,
      orderNumber,
      userId: customer.id,
      customerName: customer.username,
      customerEmail: customer.email,
      paymentMethod: method,
      paymentStatus: method === 'card' || status === 'delivered' ? 'paid' : 'unpaid',
      status,
      shippingAddress: customer.address,
      ...totals,
      couponCode: coupon?.code ?? null,
      discountPercent: coupon?.discountPercent ?? 0,
      createdAt,
      updatedAt,
    });
    for (const item of items) {
      result.lines.push({
        orderId: id,
        productId: item.product.row.id,
        productName: item.product.row.name,
        productImage: item.product.row.image,
        variant: item.variant,
        quantity: item.quantity,
        priceCents: item.priceCents,
      });
      const sold = result.unitsOrdered.get(item.product.row.id) ?? 0;
      result.unitsOrdered.set(item.product.row.id, sold + item.quantity);
    }
    if (coupon) {
      spent.add(`${coupon.id}:${customer.id}`);
      result.couponUses.push({
        couponId: coupon.id,
        userId: customer.id,
        orderId: id,
        discountCents: totals.discountCents,
        usedAt: createdAt,
      });
    }
  }
  return result;
}
