import { KeyRound } from 'lucide-react';
import { ButtonLink, Page, ScreenPlaceholder } from '../../../components/ui';
import { paths } from '../../../lib/paths';

/** /auth/google (spec §2): the accounts work connects Google sign-in here. */
export function GoogleAuthRoute() {
  return (
    <Page>
      <ScreenPlaceholder
        icon={KeyRound}
        title="Google sign-in"
        summary="Sign in with your Google account."
        upcoming={['A hand-over to Google, which returns you here signed in']}
      >
        <ButtonLink to={paths.login} variant="secondary">
          Back to login
        </ButtonLink>
      </ScreenPlaceholder>
    </Page>
  );
}
