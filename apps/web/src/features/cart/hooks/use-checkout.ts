/**
 * The checkout flow of the cart page (spec §4 "Coupon", "Payment method", "Order placement"):
 * Place Order (cash on delivery) or the card button validate, open the coupon dialog, and when
 * the dialog finishes (applied and 1.5 s later, or skipped) the order is placed or the browser
 * goes to the hosted card checkout.
 */
import {
  computeTotals,
  COUPON,
  ORDER,
  PAYMENT_INFO,
  TIMINGS,
  toDollars,
  userCartId,
  VALIDATION,
  type PaymentMethod,
} from '@otaku/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { orderKey } from '../../../lib/cart/cart-api';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { usePlaceOrder } from '../api/place-order';
import { useVerifyCoupon } from '../api/verify-coupon';
import { useDeliveryAddress } from './use-delivery-address';

export interface AppliedCoupon {
  code: string;
  percent: number;
}

/** Where the browser goes for a card payment; replaced in tests. */
export const redirectTo = { assign: (url: string) => window.location.assign(url) };

export function useCheckout(lines: ReadonlyArray<{ priceCents: number; quantity: number }>) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deliveryAddress, setDeliveryAddress] = useDeliveryAddress();
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>('cod');
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [dialogFor, setDialogFor] = useState<PaymentMethod | null>(null);
  const [proceeding, setProceeding] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  /**
   * A token for the dialog's current opening, null while it is closed. Closing, skipping or
   * proceeding ends the opening, so a verify or a countdown that belongs to an ended opening
   * (or to a cart page that is gone) does nothing and each opening starts at most one payment.
   */
  const opening = useRef<object | null>(null);
  useEffect(
    () => () => {
      // The cart page is gone: its opening ends with it.
      opening.current = null;
      window.clearTimeout(timer.current);
    },
    [],
  );

  const verify = useVerifyCoupon();
  const order = usePlaceOrder();
  const checkout = useCreateCheckoutSession();

  /** Ends the current opening; a verify still under way is forgotten so Apply works again. */
  function endOpening() {
    opening.current = null;
    window.clearTimeout(timer.current);
    verify.reset();
  }

  const stillOpen = (ticket: object | null) => ticket !== null && ticket === opening.current;

  /** Pays once for the opening `ticket`, unless that opening has already ended. */
  function finish(ticket: object | null, method: PaymentMethod, applied: AppliedCoupon | null) {
    if (!stillOpen(ticket)) return;
    endOpening();
    void proceed(method, applied);
  }

  function openDialog(method: PaymentMethod) {
    opening.current = {};
    setDialogFor(method);
  }

  async function proceed(method: PaymentMethod, applied: AppliedCoupon | null) {
    setDialogFor(null);
    setProceeding(false);
    const common = { couponCode: applied?.code ?? null, deliveryAddress: deliveryAddress.trim() };
    if (method === 'cod') {
      try {
        const placed = await order.mutateAsync({
          ...common,
          paymentMethod: 'cod',
          cartId: user ? userCartId(user._id) : undefined,
          userId: user?._id,
        });
        toast.success(ORDER.placed);
        setCoupon(null);
        setPaymentMethod('cod');
        // The shopper lands on the order's confirmation (decision 159), which shows the order
        // the answer carries without asking for it again.
        queryClient.setQueryData(orderKey(placed.order.orderID), placed.order);
        void navigate(paths.order(placed.order.orderID));
      } catch (error) {
        toast.error(
          error instanceof ApiError ? errorMessage(error, ORDER.placeFailed) : ORDER.somethingWrong,
        );
      }
      return;
    }
    try {
      const session = await checkout.mutateAsync({ paymentData: common });
      redirectTo.assign(session.url);
    } catch (error) {
      toast.error(errorMessage(error, PAYMENT_INFO.checkoutFailed));
    }
  }

  const hasAddress = deliveryAddress.trim().length > 0;

  return {
    deliveryAddress,
    setDeliveryAddress,
    paymentMethod,
    /** The cash-on-delivery button toggles between none and cod. */
    toggleCod: () => setPaymentMethod((m) => (m === 'cod' ? null : 'cod')),
    coupon,
    dialogOpen: dialogFor !== null,
    proceeding,
    verifying: verify.isPending,
    busy: order.isPending || checkout.isPending,

    placeCashOrder() {
      if (!hasAddress) return void toast.error(VALIDATION.deliveryAddressRequired);
      if (paymentMethod !== 'cod') return void toast.error(VALIDATION.paymentMethodRequired);
      openDialog('cod');
    },
    payByCard() {
      if (!hasAddress) return void toast.error(VALIDATION.deliveryAddressRequiredForCard);
      setPaymentMethod('card');
      openDialog('card');
    },

    async applyCoupon(code: string) {
      if (coupon) return void toast.error(VALIDATION.couponAlreadyApplied);
      if (!code.trim()) return void toast.error(VALIDATION.couponCodeRequired);
      if (!user) return void toast.error(VALIDATION.couponLoginRequired);
      const ticket = opening.current;
      const method = dialogFor ?? 'cod';
      try {
        const result = await verify.mutateAsync({ couponCode: code.trim(), userEmail: user.email });
        if (!stillOpen(ticket)) return; // closed or skipped meanwhile
        const { couponCode, discountPercentage } = result.data.coupondata.coupon;
        const applied = { code: couponCode, percent: discountPercentage };
        setCoupon(applied);
        const saved = toDollars(computeTotals(lines, discountPercentage).discountCents);
        toast.success(COUPON.applied(saved.toFixed(2)));
        setProceeding(true);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(
          () => finish(ticket, method, applied),
          TIMINGS.couponAutoProceedMs,
        );
      } catch (error) {
        if (!stillOpen(ticket)) return;
        toast.error(
          error instanceof ApiError && error.status < 500
            ? errorMessage(error, COUPON.invalid)
            : errorMessage(error, COUPON.applyError),
        );
      }
    },
    removeCoupon() {
      setCoupon(null);
      toast.success(COUPON.removed);
    },
    /** Skipping proceeds with no discount and clears any applied coupon. */
    skipCoupon() {
      setCoupon(null);
      finish(opening.current, dialogFor ?? 'cod', null);
    },
    closeDialog() {
      if (proceeding) return;
      endOpening();
      setDialogFor(null);
    },
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
