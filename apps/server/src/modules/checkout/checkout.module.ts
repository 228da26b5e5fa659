import type { FastifyPluginAsync } from 'fastify';
import { cartRoutes } from '../cart/cart.routes';
import { registerReservationSweeper } from '../cart/reservation-sweeper';
import { couponRoutes } from '../coupons/coupons.routes';
import { orderRoutes } from '../orders/orders.routes';
import { cardPayments } from '../payments/payments.module';

/**
 * Cart, stock reservations, coupons, orders and card payments (spec §7), plus the sweeper that
 * releases reservations of idle carts.
 */
export const checkoutModule: FastifyPluginAsync = async (app) => {
  const payments = cardPayments(app.config);
  await app.register(cartRoutes(payments.provider));
  await app.register(couponRoutes);
  await app.register(orderRoutes(payments.provider));
  await app.register(payments.routes);
  registerReservationSweeper(app);
};
