/**
 * A shopper cancels a pre-order line of their own order until its release (DESIGN.md §9,
 * decision 169). In one transaction, under the order's row lock (so two cancellations of one
 * order, from two tabs or two instances, run one after the other): the line is marked
 * cancelled, its units go back to the allocation, the order's totals are worked out again by
 * the rules of DESIGN.md §4 from the lines left (the coupon's percent kept; the coupon freed
 * when no line is left), a card payment's difference is owed back (order_refunds) and the
 * confirmation mail is owed. After the commit the refund is asked of the provider at once; what
 * it does not take stays owed for the refund sender (payments/refunds.ts).
 */
import { computeTotals, formatCents, ORDER_INFO, PREORDER_CANCEL, type Order } from '@otaku/shared';
import type { Db } from '../../db/client';
import { withDeadline } from '../../lib/deadline';
import { conflict, notFound } from '../../lib/errors';
import type { ImageUrl } from '../../lib/image-urls';
import type { AuthUser } from '../../plugins/auth';
import type { PaymentProvider } from '../payments/payment-provider';
import { REFUND_WAIT_MS, type Refunds } from '../payments/refunds';
import type { OrderMailer } from './order-mails';
import { orderOfUser } from './orders.service';
import {
  cancelOrderLine,
  linesToCancel,
  lockUserOrder,
  oweOrderMailAgain,
  oweRefund,
  setOrderTotals,
} from './orders.repo';

export interface CancelDeps {
  db: Db;
  provider: PaymentProvider;
  refunds: Refunds;
  orderMails: OrderMailer;
  imageUrl: ImageUrl;
}

export async function cancelPreorderLine(
  deps: CancelDeps,
  user: AuthUser,
  { orderID, lineId }: { orderID: string; lineId: string },
): Promise<{ order: Order; message: string }> {
  const done = await deps.db.transaction(async (tx) => {
    const order = await lockUserOrder(tx, user.id, orderID);
    if (!order) throw notFound(ORDER_INFO.notFound);
    const lines = await linesToCancel(tx, order.id);
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw notFound(PREORDER_CANCEL.lineNotFound);
    if (line.cancelled) throw conflict(PREORDER_CANCEL.alreadyCancelled);
    if (line.releaseDate === null) throw conflict(PREORDER_CANCEL.notPreorder);
    if (line.unreleased !== true) throw conflict(PREORDER_CANCEL.released);
    const paidByCard = order.paymentMethod === 'card' && order.paymentStatus === 'paid';
    // Cash already taken (staff marked the order paid) cannot go back through a provider.
    if (order.paymentMethod === 'cod' && order.paymentStatus === 'paid')
      throw conflict(PREORDER_CANCEL.paidInCash);

    await cancelOrderLine(tx, line);
    const left = lines.filter((l) => !l.cancelled && l.id !== line.id);
    const totals = computeTotals(left, order.discountPercent);
    await setOrderTotals(tx, order.id, totals, {
      couponFreed: order.couponCode !== null && left.length === 0,
    });
    const refundCents = order.totalCents - totals.totalCents;
    const refundId =
      paidByCard && order.checkoutSessionId !== null && refundCents > 0
        ? await oweRefund(
            tx,
            {
              orderId: order.id,
              lineId: line.id,
              sessionId: order.checkoutSessionId,
              amountCents: refundCents,
            },
            deps.provider.name,
          )
        : null;
    await oweOrderMailAgain(tx, order.id, 'cancellation');
    return { refundId, refundCents, totalCents: totals.totalCents };
  });

  // A slow provider does not hold the answer long: the refund goes on, or stays owed for the
  // sender, and the shopper reads "on its way".
  if (done.refundId !== null)
    await withDeadline(
      deps.refunds.settleNow([done.refundId]).catch(() => undefined),
      REFUND_WAIT_MS,
    );
  deps.orderMails.wake();
  const order = await orderOfUser(deps.db, user, orderID, deps.imageUrl);
  const refund = order.products.find((l) => l.lineId === lineId)?.refund;
  const message =
    done.refundId === null
      ? PREORDER_CANCEL.cancelledTotal(formatCents(done.totalCents))
      : refund?.status === 'refunded'
        ? PREORDER_CANCEL.cancelledRefunded(formatCents(done.refundCents))
        : PREORDER_CANCEL.cancelledRefundOwed(formatCents(done.refundCents));
  return { order, message };
}
