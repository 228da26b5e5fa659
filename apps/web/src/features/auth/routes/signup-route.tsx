import { PAGES } from '@otaku/shared';
import { UserPlus } from 'lucide-react';
import { ButtonLink, Page, ScreenPlaceholder } from '../../../components/ui';
import { paths } from '../../../lib/paths';

/** /signup (spec §2, Sign-up): the accounts work builds the three steps here. */
export function SignupRoute() {
  return (
    <Page>
      <ScreenPlaceholder
        icon={UserPlus}
        title="Sign up"
        summary="Create an account in three short steps."
        upcoming={[
          'Step 1: your email address',
          'Step 2: the one-time code we email you, with a resend after 30 seconds',
          'Step 3: a username and a password of at least 8 characters',
          'Sign up with Google instead',
        ]}
      >
        <ButtonLink to={paths.login} variant="secondary">
          I already have an account
        </ButtonLink>
        <ButtonLink to={paths.recruiter} variant="ghost">
          {PAGES.createRecruiterAccount}
        </ButtonLink>
      </ScreenPlaceholder>
    </Page>
  );
}
