import {
  computeTotals,
  formatCents,
  PREORDER_CANCEL,
  toCents,
  type Order,
  type OrderLine,
} from '@otaku/shared';
import { Button, Modal } from '../../../components/ui';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/errors';
import { useCancelPreorderLine } from '../api/cancel-preorder-line';

export interface CancelPreorderDialogProps {
  order: Order;
  /** The line asked about; the dialog is closed while null. */
  line: OrderLine | null;
  onClose: () => void;
}

/**
 * What cancelling the line would do to the order, worked out as the server will (DESIGN.md §4
 * from the lines left): the card refund of a paid card order, or the new total otherwise. The
 * server's answer, shown after, is what counts.
 */
function outcome(order: Order, line: OrderLine): string {
  const left = order.products
    .filter((l) => !l.cancelled && l.lineId !== line.lineId)
    .map((l) => ({ priceCents: toCents(l.price), quantity: l.quantity }));
  const { totalCents } = computeTotals(left, order.discountPercentage);
  return order.paymentMethod === 'card' && order.paymentStatus === 'paid'
    ? PREORDER_CANCEL.confirmRefund(formatCents(toCents(order.finalAmount) - totalCents))
    : PREORDER_CANCEL.confirmTotal(formatCents(totalCents));
}

/** Asks before a pre-order line is cancelled (decision 169), then cancels it. */
export function CancelPreorderDialog({ order, line, onClose }: CancelPreorderDialogProps) {
  const cancel = useCancelPreorderLine();
  const confirm = async () => {
    if (!line) return;
    try {
      const answer = await cancel.mutateAsync({ orderID: order.orderID, lineId: line.lineId });
      toast.success(answer.message);
      onClose();
    } catch (error) {
      toastError(error, PREORDER_CANCEL.failed);
    }
  };
  return (
    <Modal
      open={line !== null}
      onOpenChange={(next) => !next && onClose()}
      title={PREORDER_CANCEL.confirmTitle}
      description={
        line
          ? `${PREORDER_CANCEL.confirmLine(line.quantity, line.productId.name)} ${outcome(order, line)}`
          : ''
      }
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {PREORDER_CANCEL.keep}
          </Button>
          <Button variant="danger" disabled={cancel.isPending} onClick={() => void confirm()}>
            {PREORDER_CANCEL.confirm}
          </Button>
        </>
      }
    />
  );
}
