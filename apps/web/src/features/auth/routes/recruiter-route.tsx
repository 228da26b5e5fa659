import { BadgeCheck } from 'lucide-react';
import { ButtonLink, Page, ScreenPlaceholder } from '../../../components/ui';
import { paths } from '../../../lib/paths';

/** /recruiter (spec §2, Recruiter page): the accounts work builds the form here. */
export function RecruiterRoute() {
  return (
    <Page>
      <ScreenPlaceholder
        icon={BadgeCheck}
        title="Recruiter account"
        summary="Create a demo staff account instantly to explore the shop and its dashboard."
        upcoming={[
          'Username, email, password and password confirmation',
          'The account is created right away with dashboard access',
        ]}
      >
        <ButtonLink to={paths.login} variant="secondary">
          Back to login
        </ButtonLink>
        <ButtonLink to={paths.signup} variant="ghost">
          Sign up instead
        </ButtonLink>
      </ScreenPlaceholder>
    </Page>
  );
}
