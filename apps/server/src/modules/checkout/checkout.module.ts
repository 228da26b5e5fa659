import type { FastifyPluginAsync } from 'fastify';
import { cartRoutes } from '../cart/cart.routes';
import { registerReservationSweeper } from '../cart/reservation-sweeper';
import { couponRoutes } from '../coupons/coupons.routes';
import { orderRoutes } from '../orders/orders.routes';
import { cardPayments } from '../payments/payments.module';
import { registerRefunds } from '../payments/refunds';
import { refundRoutes } from '../payments/refunds.routes';
import { checkoutRoutes } from './checkout.routes';
import { checkoutDeps, fulfilPaid } from './fulfil-paid';
import { closeOpenCheckouts } from './open-checkouts';

/**
 * Cart, stock reservations, coupons, placing orders, purchase history, card payments (spec
 * §7) and the refunds of cancelled pre-order lines (decision 169) with the failed ones for staff
 * (decision 173), plus the sweeper that releases reservations of idle carts. Checkout owns placing
 * an order; the cart and the payment providers get what they need of it as callbacks, so
 * neither imports checkout (decision 142).
 */
export const checkoutModule: FastifyPluginAsync = async (app) => {
  const payments = cardPayments(app.config);
  await app.register(
    cartRoutes((log, owner) =>
      closeOpenCheckouts(checkoutDeps(app, log, payments.provider), owner),
    ),
  );
  await app.register(couponRoutes);
  await app.register(checkoutRoutes(payments.provider));
  const refunds = registerRefunds(app, payments.provider);
  await app.register(orderRoutes({ provider: payments.provider, refunds }));
  await app.register(refundRoutes(refunds));
  await app.register(
    payments.routes((log, sessionId, report) => fulfilPaid(app, log, sessionId, report)),
  );
  registerReservationSweeper(app);
};
