import { DELIVERY_ADDRESS_MAX_LENGTH, PAYMENT_INFO, type Totals } from '@otaku/shared';
import { Banknote, CreditCard } from 'lucide-react';
import { Button, Card, Input, Label } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import type { Checkout } from '../hooks/use-checkout';
import { TotalsTable } from './totals-table';

export interface OrderSummaryProps {
  totals: Totals;
  itemCount: number;
  checkout: Checkout;
}

/** Order Summary (spec §2, Cart): totals, delivery address, payment method and the actions. */
export function OrderSummary({ totals, itemCount, checkout }: OrderSummaryProps) {
  const cod = checkout.paymentMethod === 'cod';
  return (
    <Card className="flex flex-col gap-5 p-6">
      <h2 className="text-lg font-bold text-ink-900">Order Summary</h2>
      <TotalsTable totals={totals} percent={0} itemCount={itemCount} />

      <div className="flex flex-col gap-2">
        <Label htmlFor="delivery-address">Delivery address</Label>
        <Input
          id="delivery-address"
          value={checkout.deliveryAddress}
          autoComplete="street-address"
          maxLength={DELIVERY_ADDRESS_MAX_LENGTH}
          placeholder="Street, city, postal code"
          onChange={(e) => checkout.setDeliveryAddress(e.target.value)}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-ink-800">Payment method</legend>
        <button
          type="button"
          aria-pressed={cod}
          onClick={checkout.toggleCod}
          className={cn(
            'flex items-center gap-3 rounded-xl px-4 py-3 text-left text-sm font-semibold ring-1 ring-inset transition-colors',
            cod
              ? 'bg-sakura-50 text-sakura-800 ring-sakura-400'
              : 'bg-white text-ink-700 ring-ink-200 hover:bg-ink-50',
          )}
        >
          <Banknote aria-hidden="true" className="size-5" />
          Cash on Delivery
        </button>
        <Button
          variant="secondary"
          size="lg"
          shape="tile"
          disabled={checkout.busy}
          onClick={checkout.payByCard}
        >
          <CreditCard aria-hidden="true" className="size-5" />
          {PAYMENT_INFO.payByCard}
        </Button>
      </fieldset>

      {cod ? (
        <Button size="lg" disabled={checkout.busy} onClick={checkout.placeCashOrder}>
          Place Order
        </Button>
      ) : null}
    </Card>
  );
}
