import { PAGES } from '@otaku/shared';
import { LogIn } from 'lucide-react';
import { ButtonLink, Page, ScreenPlaceholder } from '../../../components/ui';
import { paths } from '../../../lib/paths';

/** /login (spec §2, Login): the accounts work builds the form here. */
export function LoginRoute() {
  return (
    <Page>
      <ScreenPlaceholder
        icon={LogIn}
        title="Log in"
        summary="Sign in to keep a cart, place orders and see your purchase history."
        upcoming={[
          'Email and password sign-in',
          'Sign in with Google',
          'A link to reset a forgotten password',
        ]}
      >
        <ButtonLink to={paths.signup} variant="secondary">
          Create an account
        </ButtonLink>
        <ButtonLink to={paths.recruiter} variant="ghost">
          {PAGES.createRecruiterAccount}
        </ButtonLink>
      </ScreenPlaceholder>
    </Page>
  );
}
