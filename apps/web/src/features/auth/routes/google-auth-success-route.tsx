import { KeyRound } from 'lucide-react';
import { ButtonLink, Page, ScreenPlaceholder } from '../../../components/ui';
import { paths } from '../../../lib/paths';

/** /auth/google/success (spec §2): the accounts work completes Google sign-in here. */
export function GoogleAuthSuccessRoute() {
  return (
    <Page>
      <ScreenPlaceholder
        icon={KeyRound}
        title="Finishing Google sign-in"
        summary="The last step after Google confirms who you are."
        upcoming={[
          'Signs you in with the token Google returned, or with your session cookie',
          'Then takes you to the home page, or back to login if something failed',
        ]}
      >
        <ButtonLink to={paths.login} variant="secondary">
          Back to login
        </ButtonLink>
      </ScreenPlaceholder>
    </Page>
  );
}
