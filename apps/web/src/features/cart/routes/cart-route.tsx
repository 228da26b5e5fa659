import { CART, CLEAR_CART, computeTotals, PAGE_TITLES, toCents } from '@otaku/shared';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink, Page, ScreenSpinner } from '../../../components/ui';
import { useCart } from '../../../lib/cart/cart-api';
import { paths } from '../../../lib/paths';
import { useClearCart, useRemoveFromCart } from '../api/remove-from-cart';
import { lineKey, useUpdateCart } from '../api/update-cart';
import { CartLine } from '../components/cart-line';
import { ClearCartDialog } from '../components/clear-cart-dialog';
import { CouponDialog } from '../components/coupon-dialog';
import { HoldNotice } from '../components/hold-notice';
import { OrderSummary } from '../components/order-summary';
import { useCheckout } from '../hooks/use-checkout';
import { usePageTitle } from '../../../lib/use-page-title';

/** /cart (spec §2, Cart): the lines, the order summary, and checkout through the coupon dialog. */
export function CartRoute() {
  usePageTitle(PAGE_TITLES.cart);
  const cart = useCart();
  const update = useUpdateCart();
  const remove = useRemoveFromCart();
  const clear = useClearCart();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [confirmingClear, setConfirmingClear] = useState(false);
  const items = cart.data?.cartItems ?? [];
  const lines = items.map((i) => ({ priceCents: toCents(i.price), quantity: i.itemQuantity }));
  const units = items.reduce((n, i) => n + i.itemQuantity, 0);
  const checkout = useCheckout(lines);
  const totals = computeTotals(lines, checkout.coupon?.percent ?? 0);
  const baseTotals = computeTotals(lines);

  /** Runs one change of a line, keeping that line's buttons disabled until it settles. */
  const whilePending = (productId: string, variant: string, change: () => Promise<unknown>) => {
    const key = lineKey({ productId, variant });
    setPending((keys) => new Set(keys).add(key));
    // Each call settles on its own, so every line's buttons come back independently.
    void change()
      .catch(() => undefined) // the mutation cache toasts the failure
      .finally(() =>
        setPending((keys) => {
          const next = new Set(keys);
          next.delete(key);
          return next;
        }),
      );
  };
  const stepQuantity = (productId: string, variant: string, by: 1 | -1) =>
    whilePending(productId, variant, () => update.mutateAsync({ productId, variant, by }));
  const removeLine = (productId: string, variant: string) =>
    whilePending(productId, variant, () => remove.mutateAsync({ productId, variant }));

  if (cart.isPending) return <ScreenSpinner label="Loading your cart" />;
  if (cart.isError)
    return (
      <Page>
        <p role="alert" className="text-center text-red-600">
          {CART.loadFailed}
        </p>
      </Page>
    );

  return (
    <Page className="flex flex-col gap-6">
      <h1 className="text-3xl font-extrabold text-ink-900">Your Cart</h1>
      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl bg-white py-16 text-center ring-1 ring-ink-100">
          <ShoppingCart aria-hidden="true" className="size-12 text-ink-300" />
          <p className="text-lg font-semibold text-ink-800">Your cart is empty</p>
          <ButtonLink to={paths.shop}>Continue shopping</ButtonLink>
        </div>
      ) : (
        // Tracks of minmax(0, …): a long product name (cut after two lines) never widens the page.
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <section aria-label="Cart items" className="flex flex-col gap-4">
            <HoldNotice
              minutes={cart.data.reservationTtlMinutes}
              maxMinutes={cart.data.reservationMaxMinutes}
              heldUntil={cart.data.heldUntil}
            />
            <ul className="flex flex-col gap-3">
              {items.map((item) => (
                <CartLine
                  key={lineKey({ productId: item.productId, variant: item.selectedVariant })}
                  item={item}
                  pending={pending.has(
                    lineKey({ productId: item.productId, variant: item.selectedVariant }),
                  )}
                  onStep={(by) => stepQuantity(item.productId, item.selectedVariant, by)}
                  onRemove={() => removeLine(item.productId, item.selectedVariant)}
                />
              ))}
            </ul>
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              disabled={clear.isPending}
              onClick={() => setConfirmingClear(true)}
            >
              {CLEAR_CART.button}
            </Button>
          </section>
          <OrderSummary totals={baseTotals} itemCount={units} checkout={checkout} />
        </div>
      )}
      <ClearCartDialog
        open={confirmingClear}
        units={units}
        onConfirm={() => clear.mutate()}
        onClose={() => setConfirmingClear(false)}
      />
      <CouponDialog
        open={checkout.dialogOpen}
        coupon={checkout.coupon}
        totals={totals}
        verifying={checkout.verifying}
        proceeding={checkout.proceeding}
        onApply={(code) => void checkout.applyCoupon(code)}
        onRemove={checkout.removeCoupon}
        onSkip={checkout.skipCoupon}
        onClose={checkout.closeDialog}
      />
    </Page>
  );
}
