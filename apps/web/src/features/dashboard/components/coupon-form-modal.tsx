/**
 * Create or edit a coupon (spec §5): code, discount 1-100 and an expiry, all required. A new
 * coupon's expiry must be in the future; an edit may set a past date, which ends the coupon now.
 * The rules are the server's own schemas; the dialog shows one message under the fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUPON_CODE_MAX_LENGTH,
  createCouponFormSchema,
  DASHBOARD,
  updateCouponRequestSchema,
  type DashboardCoupon,
} from '@otaku/shared';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import {
  Button,
  DateField,
  FieldError,
  FieldHint,
  Input,
  Label,
  Modal,
} from '../../../components/ui';
import { useCreateCoupon, useUpdateCoupon } from '../api/coupons';
import { showServerError, useServerErrorsClearOnChange } from './server-errors';

interface CouponFormValues {
  couponCode: string;
  discountPercentage: string;
  expiryDate: string;
}

/** In the order the dialog shows them; the first refused one speaks. */
const FIELDS = ['couponCode', 'discountPercentage', 'expiryDate'] as const;
const ERROR_ID = 'coupon-form-error';

// Raw: the dialog sends the values as typed, and the server parses them with the same schema.
const createResolver = zodResolver(createCouponFormSchema, undefined, {
  raw: true,
}) as unknown as Resolver<CouponFormValues>;
const updateResolver = zodResolver(updateCouponRequestSchema, undefined, {
  raw: true,
}) as unknown as Resolver<CouponFormValues>;

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
  const form = useForm<CouponFormValues>({
    resolver: coupon ? updateResolver : createResolver,
    defaultValues: coupon
      ? {
          couponCode: coupon.couponCode,
          discountPercentage: String(coupon.discountPercentage),
          expiryDate: coupon.expiryDate.slice(0, 10),
        }
      : { couponCode: '', discountPercentage: '', expiryDate: '' },
  });
  useServerErrorsClearOnChange(form, FIELDS);
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const { errors } = form.formState;
  const failed = FIELDS.find((f) => errors[f]);
  const error = (failed ? errors[failed] : errors.root?.server)?.message;

  const save = form.handleSubmit(async (values) => {
    try {
      if (coupon) {
        await update.mutateAsync({ id: coupon._id, body: values });
        toast.success(DASHBOARD.couponUpdated);
      } else {
        await create.mutateAsync(values);
        toast.success(DASHBOARD.couponCreated);
      }
      onClose();
    } catch (e) {
      showServerError(
        form,
        e,
        FIELDS,
        coupon ? DASHBOARD.updateCouponFailed : DASHBOARD.createCouponFailed,
      );
    }
  });
  const busy = create.isPending || update.isPending;
  const described = (field: (typeof FIELDS)[number], hint?: string) => ({
    'aria-invalid': failed === field || undefined,
    'aria-describedby':
      [hint, failed === field ? ERROR_ID : null].filter(Boolean).join(' ') || undefined,
  });
  const code = form.register('couponCode');

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
      <form noValidate className="flex flex-col gap-3" onSubmit={(e) => void save(e)}>
        <Label htmlFor="coupon-code">Coupon code</Label>
        <Input
          id="coupon-code"
          disabled={Boolean(coupon)}
          maxLength={COUPON_CODE_MAX_LENGTH}
          {...described('couponCode')}
          {...code}
          onChange={(e) => {
            e.target.value = e.target.value.toUpperCase();
            return code.onChange(e);
          }}
        />
        <Label htmlFor="coupon-discount">Discount (%)</Label>
        <Input
          id="coupon-discount"
          type="number"
          min={1}
          max={100}
          {...described('discountPercentage')}
          {...form.register('discountPercentage')}
        />
        <Label htmlFor="coupon-expiry">Valid until</Label>
        <Controller
          control={form.control}
          name="expiryDate"
          render={({ field }) => (
            <DateField
              id="coupon-expiry"
              {...described('expiryDate', coupon ? 'coupon-expiry-hint' : undefined)}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        {coupon ? (
          <FieldHint id="coupon-expiry-hint">A date already past ends the coupon now.</FieldHint>
        ) : null}
        {error ? <FieldError id={ERROR_ID}>{error}</FieldError> : null}
      </form>
    </Modal>
  );
}
