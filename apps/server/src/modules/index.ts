import type { FastifyPluginAsync } from 'fastify';
import { authModule } from './auth/auth.module';
import { catalogRoutes } from './catalog/catalog.routes';
import { checkoutModule } from './checkout/checkout.module';
import { dashboardModules } from './dashboard-modules';
import { healthRoutes } from './health/health.routes';
import { imageServingModule } from './media/image-serving';
import { orderMailPlugin } from './orders/order-mails';
import { ssrPagesModule } from './ssr-pages/ssr-pages.module';
import { stockAlertMailPlugin } from './wishlist/stock-alert-mails';
import { wishlistRoutes } from './wishlist/wishlist.routes';

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
  stockAlertMailPlugin,
  wishlistRoutes,
  ...dashboardModules,
];

/**
 * The modules that serve pages rather than the API, registered by app.ts at the root, before
 * the web app plugin that sends what they provide.
 */
export const pageModules: FastifyPluginAsync[] = [ssrPagesModule, imageServingModule];
