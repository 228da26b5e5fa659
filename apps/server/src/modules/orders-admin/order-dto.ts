import type { DashboardOrder } from '@otaku/shared';
import { toOrder } from '../orders/order-dto';
import type { OrderLineRow } from '../orders/orders.repo';
import type { OrderWithCustomer } from './orders-admin.repo';

/**
 * An order as the dashboard reads it: the shopper's order shape, with the customer taken
 * from the account while it exists and from the order's own copy after it is deleted.
 */
export function toDashboardOrder(row: OrderWithCustomer, lines: OrderLineRow[]): DashboardOrder {
  const { order } = row;
  return toOrder(order, lines, {
    username: row.username ?? order.customerName,
    email: row.email ?? order.customerEmail,
    profilePic: row.profilePic,
  });
}
