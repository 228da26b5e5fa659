import { zodResolver } from '@hookform/resolvers/zod';
import {
  DASHBOARD,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  updateOrderRequestSchema,
  type DashboardOrder,
  type OrderStatus,
} from '@otaku/shared';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Button, FieldError, Label, Modal } from '../../../components/ui';
import { useUpdateOrder } from '../api/orders';
import { OrderDetails } from './order-details';
import { OrderMails } from './order-mails';
import { selectClasses } from './product-form-fields';
import { showServerError, useServerErrorsClearOnChange } from './server-errors';

const FIELDS = ['status'] as const;
const resolver = zodResolver(updateOrderRequestSchema);

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
  const form = useForm<{ status: OrderStatus }>({
    resolver,
    defaultValues: { status: order?.status ?? 'pending' },
  });
  useServerErrorsClearOnChange(form, FIELDS);
  const update = useUpdateOrder();
  const save = form.handleSubmit(async ({ status }) => {
    try {
      await update.mutateAsync({ id: order!._id, status });
      toast.success(DASHBOARD.orderUpdated);
      onClose();
    } catch (e) {
      showServerError(form, e, FIELDS, DASHBOARD.updateOrderFailed);
    }
  });
  const { errors } = form.formState;
  const error = (errors.status ?? errors.root?.server)?.message;
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
        <select id="order-status" className={selectClasses} {...form.register('status')}>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        {error ? <FieldError>{error}</FieldError> : null}
      </div>
    </Modal>
  );
}
