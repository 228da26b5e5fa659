/**
 * The failed card refunds for staff (decision 173): GET /api/order/refunds/failed lists them;
 * POST /api/order/refunds/:id/retry asks the provider again at once; POST
 * /api/order/refunds/:id/refundedByHand records that staff refunded it themselves, and who.
 */
import { endpoints, formatDollars, REFUND_PROBLEMS, toDollars } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/auth';
import {
  failedRefunds,
  markRefundedByHand,
  retryFailedRefund,
  type Refunds,
  type RefundState,
} from './refunds';

const amountOf = (state: RefundState) => formatDollars(toDollars(state.amountCents));

/** What a retry came to, in the words staff read. */
function retried(state: RefundState): string {
  if (state.status === 'refunded') return REFUND_PROBLEMS.refunded(amountOf(state));
  if (state.status === 'failed') return REFUND_PROBLEMS.refusedAgain(state.lastError ?? '');
  return REFUND_PROBLEMS.stillOwed;
}

export const refundRoutes = (refunds: Refunds) => async (app: FastifyInstance) => {
  const db = () => app.database.db;
  const { ordersAdmin: calls } = endpoints;
  const staff = { config: { access: 'admin' }, schema: { tags: ['dashboard'] } } as const;

  addRoute(app, calls.failedRefunds, staff, async () => ({
    success: true as const,
    ...(await failedRefunds(db())),
  }));

  // A refund made tells its shopper by mail (decision 173): the mail sender is woken for it.
  addRoute(app, calls.retryRefund, staff, async (request) => {
    const state = await retryFailedRefund(db(), refunds, request.params.id);
    if (state.status === 'refunded') app.orderMails.wake();
    return { success: true as const, status: state.status, message: retried(state) };
  });

  addRoute(app, calls.markRefunded, staff, async (request) => {
    const state = await markRefundedByHand(db(), request.params.id, currentUser(request));
    app.orderMails.wake();
    return {
      success: true as const,
      status: state.status,
      message: REFUND_PROBLEMS.marked(amountOf(state)),
    };
  });
};
