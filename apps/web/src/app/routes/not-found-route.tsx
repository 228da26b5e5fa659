import { ButtonLink, NotFoundPanel, Page } from '../../components/ui';
import { paths } from '../../lib/paths';

export function NotFoundRoute() {
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
