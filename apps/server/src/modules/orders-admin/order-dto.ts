import { toDollars, type DashboardOrder } from '@otaku/shared';
import type { OrderLineRow, OrderWithCustomer } from './orders-admin.repo';

/** A stored image base (`/uploads/products/<key>`) as the small file a table shows. */
export const smallImage = (image: string) =>
  /\.[a-z0-9]{3,4}$/i.test(image) || image === '' ? image : `${image}-400.webp`;

/** An order as the dashboard reads it (spec §3 "Order"); amounts in dollars. */
export function toDashboardOrder(row: OrderWithCustomer, lines: OrderLineRow[]): DashboardOrder {
  const { order } = row;
  const created = order.createdAt.toISOString();
  return {
    _id: order.id,
    orderID: order.orderNumber,
    user: {
      username: row.username ?? order.customerName,
      email: row.email ?? order.customerEmail,
      profilePic: row.profilePic,
    },
    createdAt: created,
    orderDate: created,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    status: order.status,
    shippingAddress: order.shippingAddress,
    subtotal: toDollars(order.subtotalCents),
    shippingCost: toDollars(order.shippingCents),
    discount: toDollars(order.discountCents),
    discountPercentage: order.discountPercent,
    finalAmount: toDollars(order.totalCents),
    couponCode: order.couponCode,
    products: lines.map((line) => ({
      productId: {
        _id: line.productId,
        name: line.productName,
        image: smallImage(line.productImage),
      },
      variant: line.variant,
      quantity: line.quantity,
      price: toDollars(line.priceCents),
    })),
  };
}
