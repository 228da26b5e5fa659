import { PAGE_TITLES } from '@otaku/shared';
import { ButtonLink, NotFoundPanel, Page } from '../../components/ui';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundRoute() {
  usePageTitle(PAGE_TITLES.notFound);
  return (
    <Page>
      <NotFoundPanel>
        <ButtonLink to={paths.home}>Back to home</ButtonLink>
        <ButtonLink to={paths.shop} variant="secondary">
          Browse the shop
        </ButtonLink>
      </NotFoundPanel>
    </Page>
  );
}
