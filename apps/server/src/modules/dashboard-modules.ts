import type { FastifyPluginAsync } from 'fastify';
import { couponsAdminRoutes } from './coupons-admin/coupons-admin.routes';
import { exportRoutes } from './export/export.routes';
import { ordersAdminRoutes } from './orders-admin/orders-admin.routes';
import { productsAdminRoutes } from './products-admin/products-admin.routes';
import { usersRoutes } from './users/users.routes';

/** The staff dashboard's calls (products, orders, users, coupons, exports), all staff-only. */
export const dashboardModules: FastifyPluginAsync[] = [
  productsAdminRoutes,
  ordersAdminRoutes,
  usersRoutes,
  couponsAdminRoutes,
  exportRoutes,
];
