/**
 * A shopper's purchase history (spec §2): their own orders only, PAGE_SIZE.history per page;
 * and one of their orders, for the page that confirms it.
 */
import { ORDER_INFO, PAGE_SIZE, type Order } from '@otaku/shared';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { toOrder } from './order-dto';
import { countUserOrders, findUserOrder, listUserOrders } from './orders.repo';
import type { ImageUrl } from '../../lib/image-urls';
import { notFound } from '../../lib/errors';

export interface OrderPage {
  paginatedOrders: Order[];
  currPage: number;
  totalPages: number;
  totalOrders: number;
}

export async function ordersOfUser(
  ex: Executor,
  user: AuthUser,
  page: number,
  imageUrl: ImageUrl,
): Promise<OrderPage> {
  const size = PAGE_SIZE.history;
  const [totalOrders, rows] = await Promise.all([
    countUserOrders(ex, user.id),
    listUserOrders(ex, user.id, size, (page - 1) * size),
  ]);
  const customer = { username: user.username, email: user.email, profilePic: user.profilePic };
  return {
    paginatedOrders: rows.map(({ order, lines }) => toOrder(order, lines, customer, imageUrl)),
    currPage: page,
    totalPages: Math.max(1, Math.ceil(totalOrders / size)),
    totalOrders,
  };
}

/**
 * One of the user's own orders by its orderID. Someone else's order answers as one that does not
 * exist, so an orderID tells nobody else whether it is real.
 */
export async function orderOfUser(
  ex: Executor,
  user: AuthUser,
  orderNumber: string,
  imageUrl: ImageUrl,
): Promise<Order> {
  const row = await findUserOrder(ex, user.id, orderNumber);
  if (!row) throw notFound(ORDER_INFO.notFound);
  const customer = { username: user.username, email: user.email, profilePic: user.profilePic };
  return toOrder(row.order, row.lines, customer, imageUrl);
}
