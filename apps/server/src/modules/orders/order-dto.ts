import { toDollars, type Order } from '@otaku/shared';
import type { OrderLineRow, OrderRow } from './orders.repo';
import type { ImageUrl } from '../../lib/image-urls';

export interface OrderCustomer {
  username: string;
  email: string;
  profilePic: string | null;
}

/** A stored image base (`/uploads/products/<id>`) as the small file a list shows. */
export const smallImage = (image: string): string =>
  /\.[a-z0-9]{3,4}$/i.test(image) || image === '' ? image : `${image}-400.webp`;

/** An order as the shopper reads it (spec §3 "Order"); amounts in dollars. */
export function toOrder(
  order: OrderRow,
  lines: OrderLineRow[],
  customer: OrderCustomer,
  imageUrl: ImageUrl,
): Order {
  const created = order.createdAt.toISOString();
  return {
    _id: order.id,
    orderID: order.orderNumber,
    user: {
      ...customer,
      profilePic: customer.profilePic === null ? null : imageUrl(customer.profilePic),
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
      lineId: line.id,
      productId: {
        _id: line.productId,
        name: line.productName,
        image: imageUrl(smallImage(line.productImage)),
      },
      variant: line.variant,
      quantity: line.quantity,
      price: toDollars(line.priceCents),
      // Only on a line ordered as a pre-order: others keep the shape they always had.
      ...(line.releaseDate === null
        ? {}
        : { releaseDate: line.releaseDate, waitingForRelease: line.waitingForRelease }),
      ...(line.releaseMovedFrom ? { releaseMovedFrom: line.releaseMovedFrom } : {}),
      ...(line.cancelled ? { cancelled: true } : {}),
      ...(line.refund
        ? { refund: { amount: toDollars(line.refund.amountCents), status: line.refund.status } }
        : {}),
    })),
  };
}
