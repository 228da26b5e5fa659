import { PAGE_TITLES, WISHLIST } from '@otaku/shared';
import { BellOff } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink, Page } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUnsubscribe } from '../api/wishlist-page';

/**
 * The back-in-stock e-mail's unsubscribe page (decision 168). Opening it changes nothing (mail
 * scanners open links); one click on its button unsubscribes, without signing in: the signed
 * token in the link is the proof.
 */
export function UnsubscribeRoute() {
  usePageTitle(PAGE_TITLES.unsubscribe);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  return (
    <Page roomy className="flex flex-col items-center gap-5 text-center">
      <BellOff aria-hidden="true" className="size-12 text-ink-300" />
      <h1 className="text-2xl font-extrabold text-ink-900">{WISHLIST.unsubscribeHeading}</h1>
      {unsubscribe.isSuccess ? (
        <>
          <p role="status" className="max-w-md text-ink-700">
            {unsubscribe.data.message}
          </p>
          <ButtonLink to={paths.shop}>Browse the shop</ButtonLink>
        </>
      ) : (
        <>
          <p className="max-w-md text-ink-700">{WISHLIST.unsubscribeLead}</p>
          {unsubscribe.isError ? (
            <p role="alert" className="text-red-700">
              {errorMessage(unsubscribe.error, WISHLIST.badUnsubscribeLink)}
            </p>
          ) : null}
          <Button
            disabled={!token || unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {WISHLIST.unsubscribeButton}
          </Button>
        </>
      )}
    </Page>
  );
}
