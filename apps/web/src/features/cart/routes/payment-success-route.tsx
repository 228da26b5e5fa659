import { PAGE_TITLES, PAGES, TIMINGS } from '@otaku/shared';
import { CircleCheckBig } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/ui';
import { cartKeys, ordersKey } from '../../../lib/cart/cart-api';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';

/** /success (spec §2): confirms the card payment, then opens the purchase history after 2 s. */
export function PaymentSuccessRoute() {
  usePageTitle(PAGE_TITLES.paymentSuccess);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    // The paid order emptied the cart and joined the history.
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    void queryClient.invalidateQueries({ queryKey: ordersKey });
    const timer = window.setTimeout(
      () => void navigate(paths.history, { replace: true }),
      TIMINGS.paymentSuccessRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, queryClient]);

  return (
    <Page roomy className="flex flex-col items-center gap-4 text-center">
      <span className="grid size-20 place-items-center rounded-full bg-emerald-100 text-emerald-600">
        <CircleCheckBig aria-hidden="true" className="size-10" />
      </span>
      <h1 className="text-3xl font-extrabold text-ink-900">{PAGES.paymentSuccessful}</h1>
      <p role="status" className="text-ink-600">
        Taking you to your purchase history…
      </p>
    </Page>
  );
}
