import { COUPON, COUPON_CODE_MAX_LENGTH, COUPON_INFO, PAGES, type Totals } from '@otaku/shared';
import { useState, type FormEvent } from 'react';
import { Button, Input, Label, Modal } from '../../../components/ui';
import type { AppliedCoupon } from '../hooks/use-checkout';
import { TotalsTable } from './totals-table';

export interface CouponDialogProps {
  open: boolean;
  coupon: AppliedCoupon | null;
  totals: Totals;
  verifying: boolean;
  /** Applied and counting down to payment: Remove is hidden (spec §4, Coupon). */
  proceeding: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
  onSkip: () => void;
  onClose: () => void;
}

/** The coupon dialog before payment (spec §2 "Coupon dialog overlay", §4 "Coupon"). */
export function CouponDialog(props: CouponDialogProps) {
  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title={PAGES.applyCouponCode}
      size="sm"
      dismissible={!props.proceeding}
    >
      {/* Mounted per opening, so the entered code starts empty each time. */}
      {props.open ? <CouponPanel {...props} /> : null}
    </Modal>
  );
}

function CouponPanel({
  coupon,
  totals,
  verifying,
  proceeding,
  onApply,
  onRemove,
  onSkip,
}: CouponDialogProps) {
  const [code, setCode] = useState('');
  const blank = code.trim().length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(code);
  };
  return (
    <div className="flex flex-col gap-5">
      <form className="flex flex-col gap-2" onSubmit={submit}>
        <Label htmlFor="coupon-code">Coupon code</Label>
        <div className="flex gap-2">
          <Input
            id="coupon-code"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={COUPON_CODE_MAX_LENGTH}
            placeholder={COUPON_INFO.placeholder}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" disabled={blank || verifying}>
            Apply Coupon
          </Button>
        </div>
      </form>

      {coupon ? (
        <div className="flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800 ring-1 ring-emerald-200">
          <span>
            <strong>{coupon.code}</strong>: {coupon.percent}% off
          </span>
          {proceeding ? null : (
            <Button variant="ghost" size="sm" onClick={onRemove}>
              Remove
            </Button>
          )}
        </div>
      ) : null}

      <TotalsTable totals={totals} percent={coupon?.percent ?? 0} />

      {proceeding ? (
        <p role="status" className="text-center text-sm font-semibold text-sakura-700">
          {COUPON.proceeding}
        </p>
      ) : (
        <Button variant="secondary" onClick={onSkip}>
          {PAGES.skipCoupon}
        </Button>
      )}
    </div>
  );
}
