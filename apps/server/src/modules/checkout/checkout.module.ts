import type { FastifyPluginAsync } from 'fastify';
import { cartRoutes } from '../cart/cart.routes';
import { registerReservationSweeper } from '../cart/reservation-sweeper';
import { couponRoutes } from '../coupons/coupons.routes';
import { registerOrderMailer, type OrderMailer } from '../orders/order-mails';
import { orderRoutes } from '../orders/orders.routes';
import { paymentsModule } from '../payments/payments.module';

declare module 'fastify' {
  interface FastifyInstance {
    /** Order confirmation mail (decision 109): wake it when an order was placed. */
    orderMails: OrderMailer;
  }
}

/**
 * Cart, stock reservations, coupons, orders and card payments (spec §7), plus the sweeper that
 * releases reservations of idle carts and the sender of order confirmations.
 */
export const checkoutModule: FastifyPluginAsync = async (app) => {
  app.decorate('orderMails', registerOrderMailer(app));
  await app.register(cartRoutes);
  await app.register(couponRoutes);
  await app.register(orderRoutes);
  await app.register(paymentsModule);
  registerReservationSweeper(app);
};
