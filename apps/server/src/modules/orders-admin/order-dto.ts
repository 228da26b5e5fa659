import type { DashboardOrder } from '@otaku/shared';
import { toOrder } from '../orders/order-dto';
import type { OrderLineRow } from '../orders/orders.repo';
import type { OrderWithCustomer } from './orders-admin.repo';
import type { ImageUrl } from '../../lib/image-urls';

/**
 * An order as the dashboard reads it: the shopper's order shape, with the customer taken
 * from the account while it exists and from the order's own copy after it is deleted, and
 * the units that could not be taken from stock at payment (decision 138).
 */
export function toDashboardOrder(
  row: OrderWithCustomer,
  lines: OrderLineRow[],
  imageUrl: ImageUrl,
): DashboardOrder {
  const { order } = row;
  const shortUnits = lines
    .filter((line) => line.shortQuantity > 0)
    .map((line) => ({
      productId: line.productId,
      name: line.productName,
      variant: line.variant,
      quantity: line.shortQuantity,
    }));
  const customer = {
    username: row.username ?? order.customerName,
    email: row.email ?? order.customerEmail,
    profilePic: row.profilePic,
  };
  return { ...toOrder(order, lines, customer, imageUrl), shortUnits };
}
