import { History } from 'lucide-react';
import { ButtonLink, Page, ScreenPlaceholder } from '../../../components/ui';
import { paths } from '../../../lib/paths';

/** /history (spec §2, Purchase history): the orders work builds it here. */
export function HistoryRoute() {
  return (
    <Page>
      <ScreenPlaceholder
        icon={History}
        title="Purchase history"
        summary="Every order you have placed, newest first."
        upcoming={[
          'Each order with its date, items, total and status',
          'Previous and Next buttons with the current page',
        ]}
      >
        <ButtonLink to={paths.shop} variant="secondary">
          Browse the shop
        </ButtonLink>
      </ScreenPlaceholder>
    </Page>
  );
}
