import type { FastifyPluginAsync } from 'fastify';
import { authModule } from './auth/auth.module';
import { catalogRoutes } from './catalog/catalog.routes';
import { checkoutModule } from './checkout/checkout.module';
import { dashboardModules } from './dashboard-modules';
import { healthRoutes } from './health/health.routes';
import { orderMailPlugin } from './orders/order-mails';

/**
 * Every API module, registered under /api by app.ts. A new module adds one line here.
 */
export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  authModule,
  catalogRoutes,
  // Before the modules that owe order mail: it decorates the API scope with the sender.
  orderMailPlugin,
  checkoutModule,
  ...dashboardModules,
];
