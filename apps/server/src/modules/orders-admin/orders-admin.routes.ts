/** Staff order calls of spec §7, plus the revenue chart, the low-stock list and the order e-mails. */
import { DASHBOARD, endpoints, LOW_STOCK_THRESHOLD, ORDER_MAIL_STATUS } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import * as service from './orders-admin.service';

export async function ordersAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.database.db;
  const { ordersAdmin: calls } = endpoints;
  const staff = { config: { access: 'admin' }, schema: { tags: ['dashboard'] } } as const;

  addRoute(app, calls.list, staff, async (request) => {
    const { currPage, shortUnits, release } = request.query;
    const { orders, total, totalPages } = await service.listOrders(
      db(),
      currPage,
      { shortOnly: shortUnits === 'only', waitingOnly: release === 'waiting' },
      app.imageUrl,
    );
    return {
      success: true as const,
      currPageOrders: orders,
      totalPages,
      totalOrders: total,
      message: orders.length > 0 ? DASHBOARD.ordersFetched : DASHBOARD.noOrders,
    };
  });

  addRoute(app, calls.stats, staff, async () => ({
    success: true as const,
    stats: await service.orderStats(db()),
    message: DASHBOARD.statsFetched,
  }));

  addRoute(app, calls.update, staff, async (request) => {
    if (await service.updateStatus(db(), request.params.id, request.body.status))
      app.orderMails.wake();
    return { success: true as const, message: DASHBOARD.orderUpdated };
  });

  addRoute(app, calls.remove, staff, async (request) => {
    await service.deleteOrder(db(), request.params.id);
    return { success: true as const, message: DASHBOARD.orderDeleted };
  });

  // The order e-mails (decision 115): where each stands, and sending one or all failed again.
  addRoute(app, calls.mails, staff, async (request) => ({
    success: true as const,
    ...(await service.orderMailStatuses(db(), request.params.id)),
  }));

  addRoute(app, calls.resendMail, staff, async (request) => {
    await service.resendOrderMail(db(), request.params.id, request.body.kind);
    app.orderMails.wake();
    return { success: true as const, message: ORDER_MAIL_STATUS.resendQueued };
  });

  addRoute(app, calls.mailProblems, staff, async () => ({
    success: true as const,
    failed: await service.countGivenUpMails(db()),
  }));

  addRoute(app, calls.resendFailedMails, staff, async () => {
    const resent = await service.resendGivenUpMails(db());
    if (resent > 0) app.orderMails.wake();
    return { success: true as const, resent, message: ORDER_MAIL_STATUS.resentAll(resent) };
  });

  addRoute(app, calls.revenue, staff, async () => ({
    success: true as const,
    days: await service.revenue(db()),
  }));

  addRoute(app, calls.lowStock, staff, async () => ({
    success: true as const,
    threshold: LOW_STOCK_THRESHOLD,
    items: await service.lowStock(db()),
  }));
}
