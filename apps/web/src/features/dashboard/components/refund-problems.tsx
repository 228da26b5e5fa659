import {
  formatDashboardTime,
  formatDollars,
  REFUND_PROBLEMS,
  type FailedRefund,
} from '@otaku/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useFailedRefunds, useSettleRefund } from '../api/orders';
import { ConfirmModal } from './confirm-modal';

type How = 'retry' | 'byHand';

/** What staff may do about a failed refund: its button's words and its name with the refund. */
const ACTIONS: { how: How; text: string; label: (order: string, amount: string) => string }[] = [
  { how: 'retry', text: REFUND_PROBLEMS.retry, label: REFUND_PROBLEMS.retryLabel },
  { how: 'byHand', text: REFUND_PROBLEMS.markRefunded, label: REFUND_PROBLEMS.markLabel },
];

/**
 * Above the orders: the card refunds of cancelled pre-order lines that the provider refused or
 * that failed every try (decision 173), each with its order, customer, line and the provider's
 * reason, to be tried again or marked as refunded by hand. Each asks first; a refusal is shown
 * in the dialog. Nothing while none failed.
 */
export function RefundProblems() {
  const failed = useFailedRefunds();
  const settle = useSettleRefund();
  const [asking, setAsking] = useState<{ refund: FailedRefund; how: How } | null>(null);
  const act = async () => {
    const { refund, how } = asking!;
    let answer;
    try {
      answer = await settle.mutateAsync({ id: refund.id, how });
    } catch (error) {
      throw new Error(errorMessage(error, REFUND_PROBLEMS.actionFailed), { cause: error });
    }
    // Refused again: the provider's reason stays in the dialog, where staff decide what next.
    if (answer.status === 'failed') throw new Error(answer.message);
    if (answer.status === 'owed') toast.warning(answer.message);
    else toast.success(answer.message);
  };
  const amount = asking ? formatDollars(asking.refund.amount) : '';
  // The dialog stays whatever the list does meanwhile (another staff member settled the last
  // refund, say): it closes only when staff close it, so it never comes back by itself.
  return (
    <>
      {failed.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(failed.error, REFUND_PROBLEMS.loadFailed)}
        </p>
      ) : failed.data && failed.data.total > 0 ? (
        <FailedRefundList
          total={failed.data.total}
          refunds={failed.data.refunds}
          busy={settle.isPending}
          onAsk={(refund, how) => setAsking({ refund, how })}
        />
      ) : null}
      <ConfirmModal
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={
          asking?.how === 'byHand'
            ? REFUND_PROBLEMS.confirmMarkTitle(amount)
            : REFUND_PROBLEMS.confirmRetryTitle(amount)
        }
        action={asking?.how === 'byHand' ? REFUND_PROBLEMS.markRefunded : REFUND_PROBLEMS.retry}
        onConfirm={act}
      >
        <p>
          {asking?.how === 'byHand'
            ? REFUND_PROBLEMS.confirmMark
            : REFUND_PROBLEMS.confirmRetry(amount, asking?.refund.customerEmail ?? null)}
        </p>
      </ConfirmModal>
    </>
  );
}

function FailedRefundList({
  total,
  refunds,
  busy,
  onAsk,
}: {
  total: number;
  refunds: FailedRefund[];
  busy: boolean;
  onAsk: (refund: FailedRefund, how: How) => void;
}) {
  return (
    <section
      aria-labelledby="failed-refunds-heading"
      className="flex flex-col gap-2 rounded-2xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200"
    >
      <h2 id="failed-refunds-heading" className="font-display text-base font-bold">
        {REFUND_PROBLEMS.heading(total)}
      </h2>
      <p>{REFUND_PROBLEMS.intro}</p>
      <ul className="divide-y divide-red-200">
        {refunds.map((refund) => {
          const order = REFUND_PROBLEMS.order(refund.orderNumber);
          const money = formatDollars(refund.amount);
          return (
            <li
              key={refund.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {order} · {REFUND_PROBLEMS.what(money, refund.productName)}
                </p>
                <p className="text-red-800">
                  {[
                    refund.customerEmail,
                    REFUND_PROBLEMS.since(formatDashboardTime(refund.owedSince)),
                    REFUND_PROBLEMS.tries(refund.tries),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {refund.reason ? (
                  <p className="break-words text-red-800">
                    {REFUND_PROBLEMS.reason(refund.reason)}
                  </p>
                ) : null}
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {ACTIONS.map(({ how, text, label }) => (
                  <Button
                    key={how}
                    variant="secondary"
                    size="sm"
                    aria-label={label(order, money)}
                    disabled={busy}
                    onClick={() => onAsk(refund, how)}
                  >
                    {text}
                  </Button>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      {total > refunds.length ? <p>{REFUND_PROBLEMS.more(total - refunds.length)}</p> : null}
    </section>
  );
}
