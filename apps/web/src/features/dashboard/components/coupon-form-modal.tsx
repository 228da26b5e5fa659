/**
 * Create or edit a coupon (spec §5): code, discount 1-100 and an expiry, all required. A new
 * coupon's expiry must be in the future; an edit may set a past date, which ends the coupon now.
 */
import {
  COUPON_CODE_MAX_LENGTH,
  createCouponRequestSchema,
  DASHBOARD,
  DASHBOARD_RULES,
  updateCouponRequestSchema,
  type DashboardCoupon,
} from '@otaku/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button, FieldError, FieldHint, Input, Label, Modal } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { useCreateCoupon, useUpdateCoupon } from '../api/coupons';
import { useFormValues } from './use-form-values';

const today = () => new Date().toISOString().slice(0, 10);

interface CouponFormValues {
  couponCode: string;
  discountPercentage: string;
  expiryDate: string;
}

/** What the shared rules say of these values, or null when they may be saved. */
function refusal(form: CouponFormValues, creating: boolean): string | null {
  const parsed = (creating ? createCouponRequestSchema : updateCouponRequestSchema).safeParse(form);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? DASHBOARD.errorOccurred;
  if (creating && parsed.data.expiryDate.getTime() <= Date.now()) return DASHBOARD_RULES.expiryPast;
  return null;
}

export function CouponFormModal({
  open,
  coupon,
  onClose,
}: {
  open: boolean;
  /** The coupon to edit; null to create one. */
  coupon: DashboardCoupon | null;
  onClose: () => void;
}) {
  // Keyed per opening on the page: the form starts from this coupon, or empty.
  const {
    values: form,
    set,
    serverError,
    setServerError,
  } = useFormValues<CouponFormValues>(() =>
    coupon
      ? {
          couponCode: coupon.couponCode,
          discountPercentage: String(coupon.discountPercentage),
          expiryDate: coupon.expiryDate.slice(0, 10),
        }
      : { couponCode: '', discountPercentage: '', expiryDate: '' },
  );
  // After a first try to save, the shared rules speak of the values as they are now.
  const [tried, setTried] = useState(false);
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const problem = tried ? refusal(form, !coupon) : null;
  const error = problem ?? serverError;

  const save = async () => {
    setTried(true);
    if (refusal(form, !coupon)) return;
    try {
      if (coupon) {
        await update.mutateAsync({ id: coupon._id, body: form });
        toast.success(DASHBOARD.couponUpdated);
      } else {
        await create.mutateAsync(form);
        toast.success(DASHBOARD.couponCreated);
      }
      onClose();
    } catch (e) {
      setServerError(
        errorMessage(e, coupon ? DASHBOARD.updateCouponFailed : DASHBOARD.createCouponFailed),
      );
    }
  };
  const busy = create.isPending || update.isPending;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={coupon ? `Edit coupon ${coupon.couponCode}` : 'Create Coupon'}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={busy} onClick={() => void save()}>
            {coupon ? 'Save' : 'Create'}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Label htmlFor="coupon-code">Coupon code</Label>
        <Input
          id="coupon-code"
          value={form.couponCode}
          disabled={Boolean(coupon)}
          maxLength={COUPON_CODE_MAX_LENGTH}
          onChange={(e) => set({ couponCode: e.target.value.toUpperCase() })}
        />
        <Label htmlFor="coupon-discount">Discount (%)</Label>
        <Input
          id="coupon-discount"
          type="number"
          min={1}
          max={100}
          value={form.discountPercentage}
          onChange={(e) => set({ discountPercentage: e.target.value })}
        />
        <Label htmlFor="coupon-expiry">Valid until</Label>
        <Input
          id="coupon-expiry"
          type="date"
          min={coupon ? undefined : today()}
          max="9999-12-31"
          value={form.expiryDate}
          aria-describedby={coupon ? 'coupon-expiry-hint' : undefined}
          onChange={(e) => set({ expiryDate: e.target.value })}
        />
        {coupon ? (
          <FieldHint id="coupon-expiry-hint">A date already past ends the coupon now.</FieldHint>
        ) : null}
        {error ? <FieldError>{error}</FieldError> : null}
      </form>
    </Modal>
  );
}
