import { DASHBOARD, ORDER_STATUSES, type DashboardOrder, type OrderStatus } from '@otaku/shared';
import { toast } from '../../../lib/toast';
import { Button, FieldError, Label, Modal } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { useUpdateOrder } from '../api/orders';
import { OrderDetails } from './order-details';
import { OrderMails } from './order-mails';
import { selectClasses } from './product-form-fields';
import { useFormValues } from './use-form-values';

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Any of the four statuses, with no restriction (spec §4, Order status), below a read-only
 * summary of the order so staff can see what to ship and where, and its e-mails.
 */
export function OrderStatusModal({
  order,
  onClose,
}: {
  order: DashboardOrder | null;
  onClose: () => void;
}) {
  // Keyed by order on the page: the select starts from this order's status.
  const { values, set, serverError, setServerError } = useFormValues({
    status: order?.status ?? ('pending' as OrderStatus),
  });
  const update = useUpdateOrder();
  const save = async () => {
    try {
      await update.mutateAsync({ id: order!._id, status: values.status });
      toast.success(DASHBOARD.orderUpdated);
      onClose();
    } catch (e) {
      setServerError(errorMessage(e, DASHBOARD.updateOrderFailed));
    }
  };
  return (
    <Modal
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Edit order ${order?.orderID ?? ''}`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={update.isPending} onClick={() => void save()}>
            Save
          </Button>
        </>
      }
    >
      {order ? (
        <>
          <OrderDetails order={order} />
          <div className="mt-5 border-t border-ink-100 pt-4">
            <OrderMails orderId={order._id} orderNumber={order.orderID} />
          </div>
        </>
      ) : null}
      <div className="mt-5 flex flex-col gap-2 border-t border-ink-100 pt-4">
        <Label htmlFor="order-status">Status</Label>
        <select
          id="order-status"
          className={selectClasses}
          value={values.status}
          onChange={(e) => set({ status: e.target.value as OrderStatus })}
        >
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {label(s)}
            </option>
          ))}
        </select>
        {serverError ? <FieldError>{serverError}</FieldError> : null}
      </div>
    </Modal>
  );
}

export { label as statusLabel };
